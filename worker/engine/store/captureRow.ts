/**
 * A capture's row record (worldStore CAPTURE_ROWS, packed by rowBuckets.ts): what the capture
 * table shows of it, its stored record without the survey lists and the workflow, with its table
 * row as last derived, so a boot's first look (firstLook.ts) shows the capture table from the row
 * records alone (issues 11 and 22). Written in the same commit as the capture.
 */
import { decode, type StoredRecord } from './storedForm';

/**
 * What a capture's row record leaves out of its record: the survey lists and the workflow (a first
 * look neither ticks nor acts, and the whole world that follows it brings them).
 */
const NOT_IN_A_ROW = new Set(['surveyIds', 'selectedIds', 'flightPlanIds', 'w']);

/**
 * A capture's row record (worldStore CAPTURE_ROWS): its stored record without the survey lists or
 * the workflow, and its table row as last derived.
 */
export function captureRowRecord(record: StoredRecord, capture: object): StoredRecord {
  const row: StoredRecord = { o: record.o };
  for (const key in record) if (!NOT_IN_A_ROW.has(key)) row[key] = record[key];
  row.r = captureRow(capture as Record<string, unknown>);
  return row;
}

/**
 * A capture's table row as last derived (status, counts, dates, flags): a cache in its row record,
 * so a boot can show the capture table from the row records alone before the surveys it is
 * derived from are read (restore() derives it again). Zero counts and false flags are left out.
 */
function captureRow(e: Record<string, unknown>): Record<string, unknown> {
  const counts = Object.fromEntries(Object.entries((e.counts as Record<string, number>) ?? {}).filter(([, n]) => n));
  const flags = Object.keys((e.flags as Record<string, boolean>) ?? {}).filter((k) => (e.flags as Record<string, boolean>)[k]);
  const row: Record<string, unknown> = { stage: e.stage, counts, flags };
  for (const key of ['firstFlownOn', 'lastFlownOn', 'firstReceivedOn', 'lastReceivedOn']) if (e[key]) row[key] = e[key];
  return row;
}

/** The counts and flags every capture has, at zero and false (the row cache leaves them out). */
export function captureFromRow(id: string, record: StoredRecord, zeroCounts: Record<string, number>, noFlags: Record<string, boolean>): Record<string, unknown> | null {
  const row = record.r as { stage?: unknown; counts?: Record<string, number>; flags?: string[] } | undefined;
  if (!row?.stage) return null;
  const capture = decode('captures', id, record);
  capture.stage = row.stage;
  capture.counts = { ...zeroCounts, ...row.counts };
  capture.flags = { ...noFlags, ...Object.fromEntries((row.flags ?? []).map((f) => [f, true])) };
  for (const key of ['firstFlownOn', 'lastFlownOn', 'firstReceivedOn', 'lastReceivedOn']) capture[key] = (row as Record<string, unknown>)[key] ?? null;
  capture.surveyIds ??= [];
  capture.flightPlanIds ??= [];
  // Its stage is the row's; the workflow stands still until the whole world replaces it.
  capture.workflow = { stages: [{ name: 'waiting', automatic: false, state: 'waiting' }], current: 0 };
  return capture;
}
