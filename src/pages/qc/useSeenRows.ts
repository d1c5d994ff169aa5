/**
 * Marks the frames of a line's grid as seen (review progress, issue 8) when their row has been
 * in view: at least half of it between the sticky headers and the bottom of the window. Measured
 * from the grid's position on scroll and resize (one rAF per burst), not per thumbnail, so a
 * 3 600-row line costs one rectangle read per frame painted.
 */
import { useLayoutEffect, type RefObject } from 'react';
import { markSeen, seenCell } from './qcSeen';

export function useSeenRows(
  body: RefObject<HTMLElement | null>,
  surveyId: string,
  line: number,
  /** Original row of each displayed row (the Flagged only filter shows fewer). */
  rowAt: (display: number) => number,
  displayCount: number,
  rowHeightPx: number,
  stickyTopPx: number,
  /** Camera columns that hold a frame in a row. */
  columnsOf: (row: number) => number[],
  cameraCount: number,
): void {
  useLayoutEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const el = body.current;
      if (!el || displayCount === 0 || el.getClientRects().length === 0) return;
      const top = el.getBoundingClientRect().top;
      const half = rowHeightPx / 2;
      const first = Math.max(0, Math.ceil((stickyTopPx - top - half) / rowHeightPx));
      const last = Math.min(displayCount - 1, Math.floor((window.innerHeight - top - half) / rowHeightPx));
      const cells: number[] = [];
      for (let d = first; d <= last; d++) {
        const row = rowAt(d);
        for (const col of columnsOf(row)) cells.push(seenCell(row, col, cameraCount));
      }
      if (cells.length) markSeen(surveyId, line, cells);
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(measure);
    };
    schedule();
    window.addEventListener('scroll', schedule, { capture: true, passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
    };
  }, [body, surveyId, line, rowAt, displayCount, rowHeightPx, stickyTopPx, columnsOf, cameraCount]);
}
