/**
 * Where the reviewer was on a survey's QC page: the open lines, the focused frame of each line
 * and the scroll position. Kept for the session (module state, not engine state: it is a view
 * concern) so that returning from the viewer by its button, Esc or browser Back puts the
 * reviewer back where they left off instead of at the top with only line 1 open.
 */

export interface GridCell {
  /** Row of the line's grid (image index in the line). */
  row: number;
  /** Camera column, 0-based. */
  col: number;
}

export interface QcPlace {
  openLines: number[] | null;
  /** Focused (roving tab stop) cell of each line, by line number. */
  focus: Record<number, GridCell>;
  /** The line whose frame had keyboard focus last, to focus it again on return. */
  lastLine: number | null;
  scrollY: number;
  /** The "Flagged only" filter of the grid. */
  flaggedOnly: boolean;
}

const places = new Map<string, QcPlace>();

export function qcPlace(surveyId: string): QcPlace {
  let place = places.get(surveyId);
  if (!place) {
    place = { openLines: null, focus: {}, lastLine: null, scrollY: 0, flaggedOnly: false };
    places.set(surveyId, place);
  }
  return place;
}

/** Records the frame focused in a line (the place is module state, written only through these). */
export function rememberFocus(surveyId: string, line: number, cell: GridCell): void {
  const place = qcPlace(surveyId);
  place.focus[line] = cell;
  place.lastLine = line;
}

export function rememberOpenLines(surveyId: string, openLines: number[]): void {
  qcPlace(surveyId).openLines = openLines;
}

export function rememberScroll(surveyId: string, scrollY: number): void {
  qcPlace(surveyId).scrollY = scrollY;
}

/** The cell a key moves to in a grid of `rows` × `cols`, or null when the key is not a grid key. */
export function moveCell(
  at: GridCell,
  key: string,
  ctrl: boolean,
  rows: number,
  cols: number,
  pageRows: number,
): GridCell | null {
  const clampRow = (r: number) => Math.max(0, Math.min(rows - 1, r));
  const clampCol = (c: number) => Math.max(0, Math.min(cols - 1, c));
  switch (key) {
    case 'ArrowLeft':
      return { row: at.row, col: clampCol(at.col - 1) };
    case 'ArrowRight':
      return { row: at.row, col: clampCol(at.col + 1) };
    case 'ArrowUp':
      return { row: clampRow(at.row - 1), col: at.col };
    case 'ArrowDown':
      return { row: clampRow(at.row + 1), col: at.col };
    case 'PageUp':
      return { row: clampRow(at.row - pageRows), col: at.col };
    case 'PageDown':
      return { row: clampRow(at.row + pageRows), col: at.col };
    // ARIA grid pattern: Home/End within the row, Ctrl+Home/End to the first/last frame.
    case 'Home':
      return ctrl ? { row: 0, col: 0 } : { row: at.row, col: 0 };
    case 'End':
      return ctrl ? { row: rows - 1, col: cols - 1 } : { row: at.row, col: cols - 1 };
    default:
      return null;
  }
}

export function rememberFlaggedOnly(surveyId: string, flaggedOnly: boolean): void {
  qcPlace(surveyId).flaggedOnly = flaggedOnly;
}
