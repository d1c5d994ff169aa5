/**
 * Flash messages (docs/requirements.md#req-flash): danger stays until closed, every other category leaves after
 * FLASH_CLEAR_MS. Navigating clears them (the shell calls `clearFlashesOnNavigation`), except the
 * flash raised by the very action that caused the navigation (Reset Demo → /login with 'The demo
 * has been reset.', Approve → back to the list with 'QC approved…').
 */
import { FLASH_CLEAR_MS } from '../../worker/domain/constants';
import type { Flash } from '../../worker/api';
import { createStore, useStore } from './store';
import { paths } from './paths';

/** A next step offered inside a flash, as a place in the app. */
export interface FlashLink {
  href: string;
  text: string;
}

export interface FlashItem extends Omit<Flash, 'link'> {
  link?: FlashLink;
  key: number;
  /** The user-input count when it was raised; see `noteUserInput`. */
  inputSeq: number;
}

const flashes = createStore<FlashItem[]>([]);
let nextKey = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
/**
 * Counts the person's clicks and key presses. A flash raised after the latest input belongs to
 * what that input started, so the navigation it leads to keeps it; older flashes go.
 */
let inputSeq = 0;

export function showFlash(flash: Flash): void {
  const key = nextKey++;
  const { link, ...rest } = flash;
  const item: FlashItem = { ...rest, key, inputSeq };
  // The engine names the capture the next step is on; the page knows where that is.
  if (link) item.link = { href: paths.capture(link.captureId, 'surveys'), text: link.text };
  flashes.set([...flashes.get(), item]);
  if (flash.category !== 'danger') timers.set(key, setTimeout(() => dismissFlash(key), FLASH_CLEAR_MS));
}

export function dismissFlash(key: number): void {
  clearTimeout(timers.get(key));
  timers.delete(key);
  flashes.set(flashes.get().filter((f) => f.key !== key));
}

/** The shell calls this on every pointerdown and keydown (capture phase). */
export function noteUserInput(): void {
  inputSeq++;
}

/** Called on every location change: drops the flashes raised before the person's latest input. */
export function clearFlashesOnNavigation(): void {
  const stale = flashes.get().filter((f) => f.inputSeq < inputSeq);
  if (stale.length === 0) return;
  for (const f of stale) {
    clearTimeout(timers.get(f.key));
    timers.delete(f.key);
  }
  flashes.set(flashes.get().filter((f) => f.inputSeq >= inputSeq));
}

export function useFlashes(): FlashItem[] {
  return useStore(flashes);
}
