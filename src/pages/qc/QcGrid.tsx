/**
 * One flight line's thumbnail grid: a row per image index with its time and the six cameras
 * (SPEC §2). The camera header sticks under the app header while the page scrolls. Only rows in
 * the viewport, and one viewport height around it, exist in the DOM at all (SPEC §9), so a
 * 3 600-row line costs no more than a short one and thumbnails far away are never requested.
 *
 * Keyboard: the ARIA grid pattern with a roving tab stop, so a line is one Tab stop however many
 * frames it has. Arrows move between frames (rows) and cameras (columns), Home/End to the first
 * and last camera, Ctrl+Home/End to the first and last frame, PageUp/PageDown a screen, Enter
 * opens the viewer; F flags the focused frame, U unflags it, N/P go to the next/previous flagged
 * frame of the line (issue 8). The focused frame is kept in the survey's QC place (qcPlace.ts), and it is
 * always rendered even when the window of rows has not caught up with a jump.
 */
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Link } from 'wouter';
import type { PhotoIndex } from '../../../worker/domain/types';
import type { FrameFlag } from '../../../worker/domain/frameFlags';
import { FlagBadge } from './FlagBadge';
import { nextFlagged, type RowFlags } from './qcFlags';
import type { FrameAt } from './FlagFrameDialog';
import { imageUrl } from '../../images/imageUrl';
import { paths } from '../../app/paths';
import { useWindowedRows } from '../../hooks/useWindowedRows';
import { HEADER_HEIGHT_PX } from '../../shell/Header';
import { rowTime, type QcLine } from './qcRows';
import { moveCell, qcPlace, rememberFocus, type GridCell } from './qcPlace';

export const QC_ROW_HEIGHT_PX = 92;
const TIME_COL = '84px';

const useStyles = makeStyles({
  table: { position: 'relative' },
  head: {
    position: 'sticky',
    top: `${HEADER_HEIGHT_PX}px`,
    zIndex: 2,
    display: 'grid',
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    boxShadow: tokens.shadow2,
  },
  headCell: { padding: '6px 4px', fontWeight: tokens.fontWeightSemibold, textAlign: 'center' },
  body: { position: 'relative' },
  row: { position: 'absolute', left: 0, right: 0, display: 'grid', alignItems: 'center', gap: '4px', padding: '2px 0' },
  time: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2, textAlign: 'center' },
  thumbLink: {
    position: 'relative',
    display: 'block',
    height: `${QC_ROW_HEIGHT_PX - 8}px`,
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground5,
    outlineOffset: '2px',
    ':hover': { boxShadow: `0 0 0 2px ${tokens.colorBrandStroke1}` },
    // The focused frame must be obvious on any photo: a thick two-tone ring.
    ':focus-visible': {
      outline: `3px solid ${tokens.colorStrokeFocus2}`,
      boxShadow: `0 0 0 6px ${tokens.colorStrokeFocus1}`,
    },
  },
  empty: { display: 'block', height: `${QC_ROW_HEIGHT_PX - 8}px` },
  thumb: { display: 'block', width: '100%', height: '100%', objectFit: 'cover' },
});

export interface QcGridProps {
  surveyId: string;
  line: QcLine;
  index: PhotoIndex;
  imageProxy: string;
  /** This line's flags by row (engine state). */
  flags: RowFlags;
  /** F on a frame: the page opens the flag dialog. */
  onFlag(at: FrameAt, current: FrameFlag | undefined): void;
  /** U on a flagged frame. */
  onUnflag(at: FrameAt): void;
}

/** Space kept above a focused row: the app header plus the sticky camera header. */
const STICKY_TOP_PX = HEADER_HEIGHT_PX + 40;

export function QcGrid({ surveyId, line, index, imageProxy, flags, onFlag, onUnflag }: QcGridProps) {
  const styles = useStyles();
  const body = useRef<HTMLDivElement>(null);
  const place = qcPlace(surveyId);
  const [cell, setCell] = useState<GridCell>(() => place.focus[line.line] ?? { row: 0, col: 0 });
  // Focus follows the cell only after a key moved it, never merely because the grid rendered.
  const wantFocus = useRef(false);
  const { start, end } = useWindowedRows(body, line.rows.length, QC_ROW_HEIGHT_PX);
  const columns = `${TIME_COL} repeat(${index.cameras.length}, minmax(0, 1fr))`;
  const rows: number[] = [];
  if (cell.row < start) rows.push(cell.row);
  for (let r = start; r < end; r++) rows.push(r);
  if (cell.row >= end && cell.row < line.rows.length) rows.push(cell.row);

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

  const remember = useCallback((next: GridCell) => rememberFocus(surveyId, line.line, next), [surveyId, line.line]);

  const go = (next: GridCell) => {
    scrollRowIntoView(body.current, next.row);
    remember(next);
    wantFocus.current = true;
    setCell(next);
  };

  /** The flag keys: one letter, no modifier (Ctrl+F stays the browser's find). */
  const flagKey = (key: string): boolean => {
    const camera = index.cameras[cell.col];
    if (!camera || !index.index[camera]?.[line.rows[cell.row]!]) return false;
    const at: FrameAt = { surveyId, line: line.line, camera, frame: cell.row + 1 };
    const current = flags.get(cell.row)?.[camera];
    if (key === 'f') onFlag(at, current);
    else if (key === 'u' && current) onUnflag(at);
    else if (key === 'n' || key === 'p') {
      const next = nextFlagged(flags, index.cameras, line.rows.length, cell, key === 'n');
      if (next) go(next);
    } else return false;
    return true;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.altKey || e.shiftKey || e.metaKey) return;
    if (!e.ctrlKey && flagKey(e.key.toLowerCase())) {
      e.preventDefault();
      return;
    }
    const pageRows = Math.max(1, Math.floor((window.innerHeight - STICKY_TOP_PX) / QC_ROW_HEIGHT_PX) - 1);
    const next = moveCell(cell, e.key, e.ctrlKey, line.rows.length, index.cameras.length, pageRows);
    if (!next) return;
    e.preventDefault();
    go(next);
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
    <div role="grid" aria-label={`Line ${line.line} thumbnails`} aria-rowcount={line.rows.length + 1} aria-colcount={index.cameras.length + 1} className={styles.table}>
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
        style={{ height: line.rows.length * QC_ROW_HEIGHT_PX }}
        data-testid="qc-rows"
        onKeyDown={onKeyDown}
        onFocus={onFocus}
      >
        {rows.map((r) => (
          <QcRow
            key={r}
            surveyId={surveyId}
            line={line}
            row={r}
            index={index}
            imageProxy={imageProxy}
            columns={columns}
            className={styles.row}
            focusCol={r === cell.row ? cell.col : -1}
            flags={flags.get(r)}
          />
        ))}
      </div>
    </div>
  );
}

/** Scrolls the window just enough that the row sits between the sticky headers and the bottom. */
function scrollRowIntoView(body: HTMLElement | null, row: number): void {
  if (!body) return;
  const top = body.getBoundingClientRect().top + row * QC_ROW_HEIGHT_PX;
  if (top < STICKY_TOP_PX) window.scrollBy(0, top - STICKY_TOP_PX);
  else if (top + QC_ROW_HEIGHT_PX > window.innerHeight) window.scrollBy(0, top + QC_ROW_HEIGHT_PX - window.innerHeight);
}

interface QcRowProps {
  surveyId: string;
  line: QcLine;
  row: number;
  index: PhotoIndex;
  imageProxy: string;
  columns: string;
  className: string;
  /** Column holding the line's tab stop in this row, or -1. */
  focusCol: number;
  /** The row's flags by camera; undefined for most rows, so memo holds. */
  flags: Record<string, FrameFlag> | undefined;
}

/** Memoised so scrolling mounts only the rows that enter the window. */
const QcRow = memo(function QcRow({ surveyId, line, row, index, imageProxy, columns, className, focusCol, flags }: QcRowProps) {
  const styles = useStyles();
  const position = line.rows[row]!;
  const time = rowTime(line, row);
  return (
    <div
      role="row"
      aria-rowindex={row + 2}
      className={className}
      style={{ top: row * QC_ROW_HEIGHT_PX, height: QC_ROW_HEIGHT_PX, gridTemplateColumns: columns }}
      data-row={row}
    >
      <div role="rowheader" className={styles.time}>
        {time}
      </div>
      {index.cameras.map((camera, col) => {
        const image = index.index[camera]?.[position];
        const tabIndex = col === focusCol ? 0 : -1;
        if (!image)
          return (
            <div role="gridcell" key={camera}>
              <span className={styles.empty} tabIndex={tabIndex} data-cell={`${row}:${col}`} aria-label={`${camera} no frame at ${time}`} />
            </div>
          );
        const ref = { line: line.line, camera, image };
        const flag = flags?.[camera];
        return (
          <div role="gridcell" key={camera}>
            <Link
              href={paths.image(surveyId, line.line, camera, image)}
              className={styles.thumbLink}
              aria-label={`${camera} ${image} at ${time}${flag ? `, flagged: ${flag.reason}` : ''}`}
              tabIndex={tabIndex}
              data-cell={`${row}:${col}`}
            >
              <img className={styles.thumb} src={imageUrl(ref, 32, imageProxy)} alt="" decoding="async" draggable={false} />
              {flag && <FlagBadge flag={flag} />}
            </Link>
          </div>
        );
      })}
    </div>
  );
});
