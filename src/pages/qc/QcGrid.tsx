/**
 * One flight line's thumbnail grid: a row per image index with its time and the six cameras
 * (docs/requirements.md#req-screen-survey-qc). The camera header sticks under the app header while the page scrolls. Only rows in
 * the viewport, and one viewport height around it, exist in the DOM at all (docs/requirements.md#req-viewport), so a
 * 3 600-row line costs no more than a short one and thumbnails far away are never requested.
 *
 * Keyboard: the ARIA grid pattern with a roving tab stop, so a line is one Tab stop however many
 * frames it has. Arrows move between frames (rows) and cameras (columns), Home/End to the first
 * and last camera, Ctrl+Home/End to the first and last frame, PageUp/PageDown a screen, Enter
 * opens the viewer; F flags the focused frame, U unflags it, S accepts the pre-screen's suggestion, N/P go to the next/previous flagged
 * frame of the survey (the page finds it, across lines, and sends it back as a jump), and the
 * context-menu key, Shift+F10 or a right-click open the frame's menu (FrameMenu.tsx, issue 8). The
 * focused frame is kept in the survey's QC place (qcPlace.ts), and it is always rendered even when
 * the window of rows has not caught up with a jump.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import type { PhotoIndex } from '../../../worker/domain/types';
import type { FrameFlag } from '../../../worker/domain/frameFlags';
import type { RowFlags, SurveyCell } from './qcFlags';
import type { FrameMenuTarget, MenuAnchor } from './FrameMenu';
import { paths } from '../../app/paths';
import type { FrameAt } from './FlagFrameDialog';
import { useWindowedRows } from '../../hooks/useWindowedRows';
import { HEADER_HEIGHT_PX } from '../../shell/Header';
import type { QcLine } from './qcRows';
import { moveCell, qcPlace, rememberFocus, type GridCell } from './qcPlace';
import { QC_ROW_HEIGHT_PX, TIME_COL, useGridStyles } from './qcGridStyles';
import { QcRow } from './QcRow';
import { useSeenRows } from './useSeenRows';
import type { FrameVerdict } from './prescreen';
import type { Suggestion } from '../../../worker/prescreen/measure';

export interface QcGridProps {
  surveyId: string;
  line: QcLine;
  index: PhotoIndex;
  imageProxy: string;
  /** This line's flags by row (engine state). */
  flags: RowFlags;
  /** "Flagged only": just the rows holding a flagged frame. */
  flaggedOnly: boolean;
  /** F on a frame: the page opens the flag dialog. */
  onFlag(at: FrameAt, current: FrameFlag | undefined): void;
  /** U on a flagged frame. */
  onUnflag(at: FrameAt): void;
  /** The pre-screen's verdicts by image name. */
  verdicts: ReadonlyMap<string, FrameVerdict>;
  /** S on a frame the pre-screen suggests flagging. */
  onAccept(at: FrameAt, suggestion: Suggestion): void;
  /** N/P from a frame: the page finds the next/previous flagged frame of the survey. */
  onSeek(from: SurveyCell, forward: boolean): void;
  /** A frame of this line the page sent the focus to (N/P), new object each time. */
  jump: Jump | undefined;
  /** The jump has been shown: the page forgets it, so a later remount does not repeat it. */
  onJumped(): void;
  /** A frame's context menu was asked for. */
  onMenu(target: FrameMenuTarget): void;
}

export interface Jump extends SurveyCell {
  /** Counts the jumps, so the same frame twice is still a new jump. */
  n: number;
}

/** Space kept above a focused row: the app header plus the sticky camera header. */
const STICKY_TOP_PX = HEADER_HEIGHT_PX + 40;

export function QcGrid(props: QcGridProps) {
  const { surveyId, line, index, imageProxy, flags, flaggedOnly, onFlag, onUnflag, verdicts, onAccept, onSeek, jump, onJumped, onMenu } = props;
  const styles = useGridStyles();
  const body = useRef<HTMLDivElement>(null);
  const place = qcPlace(surveyId);
  // The cell is in the line's own rows (frame - 1), whatever the filter shows.
  const [cell, setCell] = useState<GridCell>(() => place.focus[line.line] ?? { row: 0, col: 0 });
  // Focus follows the cell only after a key moved it, never merely because the grid rendered.
  const wantFocus = useRef(false);
  // A jump from the page moves the cell at once (state from a prop, adjusted while rendering).
  const [jumped, setJumped] = useState(jump);
  if (jump !== jumped) {
    setJumped(jump);
    if (jump) setCell(jump.cell);
  }

  // The rows shown, as the line's rows: all of them, or only those with a flag.
  const shown = useMemo(
    () => (flaggedOnly ? [...flags.keys()].filter((r) => r < line.rows.length).sort((a, b) => a - b) : null),
    [flaggedOnly, flags, line.rows.length],
  );
  const count = shown ? shown.length : line.rows.length;
  const rowAt = useCallback((d: number) => (shown ? shown[d]! : d), [shown]);
  /** Display position of a line row; a hidden row maps to the next shown one. */
  const displayOf = (row: number) => {
    if (!shown) return row;
    const d = shown.findIndex((r) => r >= row);
    return d < 0 ? shown.length - 1 : d;
  };
  const focusDisplay = count === 0 ? -1 : displayOf(cell.row);
  const focusRow = focusDisplay < 0 ? -1 : rowAt(focusDisplay);

  const { start, end } = useWindowedRows(body, count, QC_ROW_HEIGHT_PX);
  const columns = `${TIME_COL} repeat(${index.cameras.length}, minmax(0, 1fr))`;
  const displayed: number[] = [];
  if (focusDisplay >= 0 && focusDisplay < start) displayed.push(focusDisplay);
  for (let d = start; d < end; d++) displayed.push(d);
  if (focusDisplay >= end && focusDisplay < count) displayed.push(focusDisplay);

  const columnsOf = useCallback(
    (row: number) => index.cameras.flatMap((camera, col) => (index.index[camera]?.[line.rows[row]!] ? [col] : [])),
    [index, line.rows],
  );
  useSeenRows(body, surveyId, line.line, rowAt, count, QC_ROW_HEIGHT_PX, STICKY_TOP_PX, columnsOf, index.cameras.length);

  useEffect(() => {
    if (!wantFocus.current) return;
    wantFocus.current = false;
    const el = body.current?.querySelector<HTMLElement>(`[data-cell="${cell.row}:${cell.col}"]`);
    el?.focus({ preventScroll: true });
  }, [cell]);

  // Back from the viewer (mounted again, or shown again after React kept it hidden): the frame the
  // reviewer left from takes the focus again. Without scrolling: the page restores the scroll.
  useLayoutEffect(() => {
    if (place.lastLine !== line.line) return;
    const at = place.focus[line.line];
    if (at) body.current?.querySelector<HTMLElement>(`[data-cell="${at.row}:${at.col}"]`)?.focus({ preventScroll: true });
  }, [place, line.line]);

  // The jump's frame is focused and scrolled into view; a line just opened grows over a few
  // frames, so the scroll is tried again each frame (about a second at most) until it holds.
  const jumpDisplay = jump ? displayOf(jump.cell.row) : -1;
  useLayoutEffect(() => {
    if (!jump) return;
    let frame = 0;
    let tries = 0;
    const reveal = () => {
      body.current?.querySelector<HTMLElement>(`[data-cell="${jump.cell.row}:${jump.cell.col}"]`)?.focus({ preventScroll: true });
      if (!scrollRowIntoView(body.current, jumpDisplay) && tries++ < 60) frame = requestAnimationFrame(reveal);
      else onJumped();
    };
    reveal();
    return () => cancelAnimationFrame(frame);
  }, [jump, jumpDisplay, onJumped]);

  const remember = useCallback((next: GridCell) => rememberFocus(surveyId, line.line, next), [surveyId, line.line]);

  const go = (next: GridCell) => {
    scrollRowIntoView(body.current, displayOf(next.row));
    remember(next);
    wantFocus.current = true;
    setCell(next);
  };

  /** The frame in a cell, its flag and the pre-screen's suggestion; null for a cell without a frame. */
  const frameIn = (row: number, col: number) => {
    const camera = index.cameras[col];
    const image = camera ? index.index[camera]?.[line.rows[row]!] : undefined;
    if (row < 0 || !camera || !image) return null;
    const at: FrameAt = { surveyId, line: line.line, camera, frame: row + 1 };
    const current = flags.get(row)?.[camera];
    // A suggestion counts until the frame carries a flag (then the flag says it).
    const suggestion = current ? null : (verdicts.get(image)?.suggestion ?? null);
    return { at, current, suggestion, href: paths.image(surveyId, line.line, camera, image) };
  };

  /** The flag keys: one letter, no modifier (Ctrl+F stays the browser's find). */
  const flagKey = (key: string): boolean => {
    const frame = frameIn(focusRow, cell.col);
    if (!frame) return false;
    const { at, current, suggestion } = frame;
    if (key === 'f') onFlag(at, current);
    else if (key === 'u' && current) onUnflag(at);
    else if (key === 's' && suggestion) onAccept(at, suggestion);
    else if (key === 'n' || key === 'p') onSeek({ line: line.line, cell: { row: focusRow, col: cell.col } }, key === 'n');
    else return false;
    return true;
  };

  /** The context menu of the frame in a thumbnail element, at a point or at the thumbnail. */
  const openMenu = (el: HTMLElement, anchor: MenuAnchor): boolean => {
    const at = el.dataset.cell?.split(':').map(Number);
    const frame = at && at.length === 2 ? frameIn(at[0]!, at[1]!) : null;
    if (!frame) return false;
    if (document.activeElement !== el) el.focus({ preventScroll: true });
    onMenu({ ...frame, from: el, anchor });
    return true;
  };

  const onContextMenu = (e: MouseEvent<HTMLDivElement>) => {
    const el = (e.target as HTMLElement).closest<HTMLElement>('[data-cell]');
    // A context menu from the keyboard (when the key reached the browser) has no pointer: it
    // opens at the thumbnail.
    const byPointer = e.button === 2 && (e.clientX !== 0 || e.clientY !== 0);
    if (el && openMenu(el, byPointer ? { x: e.clientX, y: e.clientY } : el)) e.preventDefault();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'ContextMenu' || (e.shiftKey && e.key === 'F10')) {
      const el = (e.target as HTMLElement).closest<HTMLElement>('[data-cell]');
      if (el && openMenu(el, el)) e.preventDefault();
      return;
    }
    if (e.altKey || e.shiftKey || e.metaKey || focusDisplay < 0) return;
    if (!e.ctrlKey && flagKey(e.key.toLowerCase())) {
      e.preventDefault();
      return;
    }
    const pageRows = Math.max(1, Math.floor((window.innerHeight - STICKY_TOP_PX) / QC_ROW_HEIGHT_PX) - 1);
    const next = moveCell({ row: focusDisplay, col: cell.col }, e.key, e.ctrlKey, count, index.cameras.length, pageRows);
    if (!next) return;
    e.preventDefault();
    go({ row: rowAt(next.row), col: next.col });
  };

  // A click or Tab onto a frame makes it the line's tab stop.
  const onFocus = (e: FocusEvent<HTMLDivElement>) => {
    const at = (e.target as HTMLElement).dataset.cell?.split(':').map(Number);
    if (!at || at.length !== 2) return;
    const next = { row: at[0]!, col: at[1]! };
    remember(next);
    if (next.row !== cell.row || next.col !== cell.col) setCell(next);
  };

  return (
    <div role="grid" aria-label={`Line ${line.line} thumbnails`} aria-rowcount={count + 1} aria-colcount={index.cameras.length + 1} className={styles.table}>
      {/* A direct child of the grid, not of a rowgroup: sticky holds only within its parent. */}
      <div role="row" aria-rowindex={1} className={styles.head} style={{ gridTemplateColumns: columns }} data-testid="qc-camera-header">
        <div role="columnheader" className={styles.headCell}>
          Time
        </div>
        {index.cameras.map((camera) => (
          <div role="columnheader" key={camera} className={styles.headCell}>
            {camera}
          </div>
        ))}
      </div>
      <div
        role="rowgroup"
        ref={body}
        className={styles.body}
        style={{ height: count * QC_ROW_HEIGHT_PX }}
        data-testid="qc-rows"
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        onContextMenu={onContextMenu}
      >
        {displayed.map((d) => {
          const r = rowAt(d);
          return (
            <QcRow
              key={r}
              surveyId={surveyId}
              line={line}
              row={r}
              position={d}
              index={index}
              imageProxy={imageProxy}
              columns={columns}
              className={styles.row}
              focusCol={r === focusRow ? cell.col : -1}
              flags={flags.get(r)}
              verdicts={verdicts}
            />
          );
        })}
      </div>
      {count === 0 && <p className={styles.none}>No flagged frames in line {line.line}.</p>}
    </div>
  );
}

/**
 * Scrolls the window just enough that the displayed row sits between the sticky headers and the
 * bottom. True when it was there already (nothing to scroll).
 */
function scrollRowIntoView(body: HTMLElement | null, display: number): boolean {
  if (!body || display < 0) return true;
  const top = body.getBoundingClientRect().top + display * QC_ROW_HEIGHT_PX;
  if (top < STICKY_TOP_PX) window.scrollBy(0, top - STICKY_TOP_PX);
  else if (top + QC_ROW_HEIGHT_PX > window.innerHeight) window.scrollBy(0, top + QC_ROW_HEIGHT_PX - window.innerHeight);
  else return true;
  return false;
}
