/**
 * The window of a long table a screen asks its view for: every row while the list is short, else
 * the rows near the viewport (useWindowedRows), widened to whole steps of WINDOW_STEP rows so that
 * scrolling within a step asks for nothing new.
 */
import type { RefObject } from 'react';
import { LIST_CAP } from '../../worker/domain/constants';
import type { RowWindow } from '../../worker/screens';
import { useWindowedRows } from './useWindowedRows';

export const WINDOW_STEP = 50;

/**
 * `total`: the rows of the list as last answered (0 before the first answer). Before the first
 * answer the list's length is unknown: it asks for the first step only, the window a long list
 * asks for anyway, rather than LIST_CAP rows the page would receive and mount at once during the
 * boot (docs/views.md#the-users-path); a short list longer than that step then asks for all its rows.
 */
export function useRowWindow(body: RefObject<HTMLElement | null>, total: number, rowHeightPx: number): RowWindow & { windowed: boolean } {
  const windowed = total > LIST_CAP;
  const range = useWindowedRows(body, windowed ? total : 0, rowHeightPx);
  // Unknown (0) or within the first step, the list asks for that step: a list within it already has
  // all its rows, and asking again would only wait for the rest of the world a first look reads.
  if (!windowed) return { start: 0, count: total <= WINDOW_STEP ? WINDOW_STEP : LIST_CAP, windowed };
  const start = Math.floor(range.start / WINDOW_STEP) * WINDOW_STEP;
  const end = Math.ceil(Math.max(range.end, range.start + 1) / WINDOW_STEP) * WINDOW_STEP;
  return { start, count: end - start, windowed };
}
