/**
 * What the user reads when the browser refuses to store a change (issue "Every bad input
 * answered"): the action is answered as failed and nothing of it is kept, in memory or on disk.
 */
export function isQuotaError(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED';
}

export function storageFailure(error: unknown): string {
  if (isQuotaError(error)) {
    return 'The browser’s storage is full, so this change was not saved and nothing changed. Export demo data to keep a copy, then Clean Demo to make room.';
  }
  const reason = error instanceof Error && error.message ? ` (${error.message})` : '';
  return `This change could not be saved${reason}, so nothing changed. Try again; if it keeps failing, Export demo data to keep a copy.`;
}
