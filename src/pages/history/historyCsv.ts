/**
 * A history as CSV, for audits (docs/history.md#csv): one row per entry the page shows, with the
 * same fields: when it was done, what, the surveys it concerns, who (name and email), on which
 * laptop, when this laptop learnt of it, a conflict's settlement, and the role they acted in. Instants are ISO 8601 in UTC,
 * so a row reads the same on every laptop.
 */
import type { HistoryOf, HistoryRow } from '../../../worker/screens';
import { shortId } from '../../../worker/domain/shortId';
import { csvText } from '../../app/csv';

// `role` (issue 52) comes last, so a sheet made from an earlier export keeps its columns where they were.
export const HISTORY_CSV_HEADER = ['when', 'what', 'surveys', 'who', 'email', 'laptop', 'arrived', 'conflict', 'role'];

const iso = (ms: number) => new Date(ms).toISOString();

/** A conflict in one cell: each version, then who settled it, when and how. */
export function conflictText(c: NonNullable<HistoryRow['conflict']>): string {
  const versions = c.versions.map((v) => `${v.by?.name ?? 'someone'} (${v.laptop || 'a laptop'}, ${iso(v.at)}): ${v.what}`).join('; ');
  return `${versions}; settled by ${c.settledBy?.name ?? 'someone'} at ${iso(c.settledAt)}: ${c.how}`;
}

export function historyCsvRows(rows: readonly HistoryRow[]): string[][] {
  return rows.map((r) => [
    iso(r.at),
    r.what,
    r.surveys,
    r.by ? r.by.name : r.automatic ? 'Automatic' : '',
    r.by?.email ?? '',
    r.laptop,
    r.arrivedAt === undefined ? '' : iso(r.arrivedAt),
    r.conflict ? conflictText(r.conflict) : '',
    r.role,
  ]);
}

export function historyCsv(rows: readonly HistoryRow[]): string {
  return csvText([HISTORY_CSV_HEADER, ...historyCsvRows(rows)]);
}

/** history-survey-3F2A9C1D.csv, history-capture-SAMPLE007.csv, history-media-TS007.csv, history-drive-ingest-01.csv. */
export function historyCsvName(of: HistoryOf, id: string, title: string): string {
  const name = of === 'surveys' ? `survey-${shortId(id)}` : `${title.split(' ')[0]!.toLowerCase()}-${title.slice(title.indexOf(' ') + 1)}`;
  return `history-${name.replace(/[^A-Za-z0-9._-]+/g, '_')}.csv`;
}
