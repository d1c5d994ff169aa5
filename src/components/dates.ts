/**
 * Display formats of days and day ranges (docs/requirements.md#req-display-formats: "Dates in a medium format"). A fixed locale
 * keeps what staff see, and what tests read, the same on every laptop.
 */
import { DateTime } from 'luxon';
import type { IsoDate } from '../../worker/domain/types';

const LOCALE = 'en-US';

/** "Nov 21, 2026", or an em dash when there is no date. */
export function formatDay(iso: IsoDate | null | undefined): string {
  if (!iso) return '—';
  const d = DateTime.fromISO(iso, { locale: LOCALE });
  return d.isValid ? d.toLocaleString(DateTime.DATE_MED) : '—';
}

/** "Nov 2 – Nov 21, 2026"; one day when both ends agree. */
export function formatDayRange(first: IsoDate | null | undefined, last: IsoDate | null | undefined): string {
  if (!first && !last) return '—';
  if (!first || !last || first === last) return formatDay(first ?? last);
  const a = DateTime.fromISO(first, { locale: LOCALE });
  const b = DateTime.fromISO(last, { locale: LOCALE });
  if (a.isValid && b.isValid && a.year === b.year) return `${a.toFormat('LLL d')} – ${formatDay(last)}`;
  return `${formatDay(first)} – ${formatDay(last)}`;
}

/** "Jun 15, 2026, 14:05:32": an instant as a history shows it, to the second, in this laptop's time. */
export function formatInstant(ms: number): string {
  const d = DateTime.fromMillis(ms, { locale: LOCALE });
  return d.isValid ? d.toFormat('LLL d, yyyy, HH:mm:ss') : '—';
}
