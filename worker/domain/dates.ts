/**
 * Calendar days as the product shows and stores them (`yyyy-MM-dd`, local time) and the receive id
 * of docs/requirements.md#req-receive-id: the received date as YYMMDD, '_', then the item ids joined with '_'.
 */
import { EARLIEST_DAY } from './constants';
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

/**
 * A real calendar day from EARLIEST_DAY on (issue 19: '2024-99-99' and year 0001 were accepted):
 * the rule for every stored or inserted day. Whether it may be after today is the caller's to say.
 */
export function isCalendarDay(value: unknown): value is IsoDate {
  return isRealDay(value) && value >= EARLIEST_DAY;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * A `yyyy-MM-dd` that names a day of the calendar: not '2024-99-99', not 30 February. Read digit by
 * digit, allocating nothing: restore() asks it twice for each of 100 000 surveys at boot.
 */
export function isRealDay(value: unknown): value is IsoDate {
  if (!isIsoDay(value)) return false;
  const digit = (i: number) => value.charCodeAt(i) - 48;
  const y = digit(0) * 1000 + digit(1) * 100 + digit(2) * 10 + digit(3);
  const m = digit(5) * 10 + digit(6);
  const d = digit(8) * 10 + digit(9);
  if (m < 1 || m > 12 || d < 1) return false;
  const leap = m === 2 && y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return d <= DAYS_IN_MONTH[m - 1]! + (leap ? 1 : 0);
}
