/**
 * Parameters as the handlers expect them, whatever a caller sent (issue 13): the UI sends typed
 * actions, but another tab, a stale client or a test may not, and the engine must answer with a
 * message rather than throw. Entries are checked by the handlers themselves.
 */

export function list<T>(value: readonly T[] | undefined | null | unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

export function record<T extends object>(value: T | undefined | null | unknown): Partial<T> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Partial<T>) : {};
}
