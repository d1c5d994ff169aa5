/**
 * Windowing for long lists of fixed-height rows (the QC grid, big tables): only the rows in the
 * viewport, plus one viewport height before and after it (docs/requirements.md#req-viewport), are rendered. It measures the
 * list's position against the browser viewport, so it works whichever ancestor scrolls.
 */
import { startTransition, useLayoutEffect, useState, type RefObject } from 'react';
import { RESIZE_DEBOUNCE_MS, SCROLL_DEBOUNCE_MS } from '../../worker/domain/constants';
import { debounce } from './debounce';

export interface RowWindow {
  /** First rendered row (inclusive). */
  start: number;
  /** Last rendered row (exclusive). */
  end: number;
}

/** Rows rendered before the first measurement (no layout yet): enough for one screen. */
const FIRST_PAINT_ROWS = 30;

export function useWindowedRows(
  ref: RefObject<HTMLElement | null>,
  rowCount: number,
  rowHeightPx: number,
): RowWindow {
  const [range, setRange] = useState<RowWindow>({ start: 0, end: Math.min(rowCount, FIRST_PAINT_ROWS) });

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const top = el.getBoundingClientRect().top;
      const viewport = window.innerHeight;
      // One viewport height ahead and behind: rows there are rendered (and their images fetched).
      const start = clamp(Math.floor((-viewport - top) / rowHeightPx), 0, rowCount);
      const end = clamp(Math.ceil((2 * viewport - top) / rowHeightPx), start, rowCount);
      setRange((prev) => (prev.start === start && prev.end === end ? prev : { start, end }));
    };
    // The first rows of a new list render in the background, in slices (a layout effect's update
    // would render them all in one task); scrolling then answers at once.
    startTransition(measure);
    const onScroll = debounce(measure, SCROLL_DEBOUNCE_MS);
    const onResize = debounce(measure, RESIZE_DEBOUNCE_MS);
    // Capture phase: scroll events do not bubble, but any scrolling ancestor's reach the window here.
    window.addEventListener('scroll', onScroll, { capture: true, passive: true });
    window.addEventListener('resize', onResize);
    // Content above the list may grow or shrink (a line section collapses) without any scroll.
    const observer = new ResizeObserver(onScroll);
    observer.observe(document.body);
    return () => {
      onScroll.cancel();
      onResize.cancel();
      window.removeEventListener('scroll', onScroll, { capture: true });
      window.removeEventListener('resize', onResize);
      observer.disconnect();
    };
  }, [ref, rowCount, rowHeightPx]);

  return { start: Math.min(range.start, rowCount), end: Math.min(range.end, rowCount) };
}

function clamp(n: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, n));
}
