/**
 * Calendar days as the product shows and stores them (`yyyy-MM-dd`, local time) and the receive id
 * of docs/requirements.md#req-receive-id: the received date as YYMMDD, '_', then the item ids joined with '_'.
 */
import type { IsoDate } from './types';

const pad = (n: number) => String(n).padStart(2, '0');

/** The local calendar day of an instant. */
export function isoDay(epochMs: number): IsoDate {
  const d = new Date(epochMs);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * The one receive id rule: the engine stamps it on receiving, the Receive dialog previews it from
 * the ids as typed (surrounding spaces never count), the generator writes it into all.json.
 */
export function receiveIdOf(receivedOn: IsoDate, itemIds: readonly string[]): string {
  const yymmdd = receivedOn.slice(2, 4) + receivedOn.slice(5, 7) + receivedOn.slice(8, 10);
  return [yymmdd, ...itemIds.map((id) => id.trim())].join('_');
}

export function isIsoDay(value: unknown): value is IsoDate {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
}
