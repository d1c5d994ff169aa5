/**
 * Where a line's frame flags sit in its grid, for the badges and for N/P (next/previous flagged
 * frame). Pure functions over the survey's `frameFlags` (engine state); `frame` is 1-based, the
 * grid's row 0-based.
 */
import type { FrameFlag } from '../../../worker/domain/frameFlags';
import type { GridCell } from './qcPlace';

/** Row → camera → flag, for one line. */
export type RowFlags = Map<number, Record<string, FrameFlag>>;

export function flagsByRow(flags: readonly FrameFlag[], line: number): RowFlags {
  const out: RowFlags = new Map();
  for (const f of flags) {
    if (f.line !== line) continue;
    const row = f.frame - 1;
    out.set(row, { ...out.get(row), [f.camera]: f });
  }
  return out;
}

/** The flagged cells of a line in reading order (row, then camera column). */
function flaggedCells(rows: RowFlags, cameras: readonly string[], rowCount: number): GridCell[] {
  const cells: GridCell[] = [];
  for (const [row, byCamera] of rows) {
    if (row >= rowCount) continue;
    for (const camera of Object.keys(byCamera)) {
      const col = cameras.indexOf(camera);
      if (col >= 0) cells.push({ row, col });
    }
  }
  return cells.sort((a, b) => a.row - b.row || a.col - b.col);
}

/** The next (or previous) flagged cell after `from`, or null when there is none that way. */
export function nextFlagged(rows: RowFlags, cameras: readonly string[], rowCount: number, from: GridCell, forward: boolean): GridCell | null {
  const cells = flaggedCells(rows, cameras, rowCount);
  const after = (c: GridCell) => c.row > from.row || (c.row === from.row && c.col > from.col);
  const before = (c: GridCell) => c.row < from.row || (c.row === from.row && c.col < from.col);
  return forward ? (cells.find(after) ?? null) : (cells.filter(before).pop() ?? null);
}

/** A frame of the survey's grid: its line and the cell in that line. */
export interface SurveyCell {
  line: number;
  cell: GridCell;
}

/** A line of the survey as N/P walk it: its number, rows shown in the grid, and flags by row. */
export interface FlaggedLine {
  line: number;
  rowCount: number;
  flags: RowFlags;
}

/**
 * N/P across the survey: the next (or previous) flagged frame after `from` in the focused line,
 * else the first (or last) flagged frame of the next (or previous) line that has one, in the
 * lines' order. Null at the survey's last (or first) flagged frame.
 */
export function nextFlaggedInSurvey(lines: readonly FlaggedLine[], cameras: readonly string[], from: SurveyCell, forward: boolean): SurveyCell | null {
  const at = lines.findIndex((l) => l.line === from.line);
  if (at < 0) return null;
  const here = lines[at]!;
  const inLine = nextFlagged(here.flags, cameras, here.rowCount, from.cell, forward);
  if (inLine) return { line: here.line, cell: inLine };
  const others = forward ? lines.slice(at + 1) : lines.slice(0, at).reverse();
  for (const l of others) {
    const cells = flaggedCells(l.flags, cameras, l.rowCount);
    const cell = forward ? cells[0] : cells[cells.length - 1];
    if (cell) return { line: l.line, cell };
  }
  return null;
}
