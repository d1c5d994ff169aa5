/**
 * Flash messages (SPEC §8): danger stays until closed, every other category leaves after
 * FLASH_CLEAR_MS. Navigating clears them (the shell calls `clearFlashesOnNavigation`), except the
 * flash raised by the very action that caused the navigation (Reset Demo → /login with 'The demo
 * has been reset.', Approve → back to the list with 'QC approved…').
 */
import { useSyncExternalStore } from 'react';
import { FLASH_CLEAR_MS } from '../../worker/domain/constants';
import type { Flash } from '../../worker/api';

/** A next step offered inside a flash. */
export interface FlashLink {
  href: string;
  text: string;
}

export interface FlashItem extends Flash {
  link?: FlashLink;
  key: number;
  /** The user-input count when it was raised; see `noteUserInput`. */
  inputSeq: number;
}

let items: FlashItem[] = [];
let nextKey = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();
/**
 * Counts the person's clicks and key presses. A flash raised after the latest input belongs to
 * what that input started, so the navigation it leads to keeps it; older flashes go.
 */
let inputSeq = 0;

function emit(): void {
  listeners.forEach((l) => l());
}

export function showFlash(flash: Flash & { link?: FlashLink }): void {
  const key = nextKey++;
  items = [...items, { ...flash, key, inputSeq }];
  if (flash.category !== 'danger') timers.set(key, setTimeout(() => dismissFlash(key), FLASH_CLEAR_MS));
  emit();
}

export function dismissFlash(key: number): void {
  clearTimeout(timers.get(key));
  timers.delete(key);
  items = items.filter((f) => f.key !== key);
  emit();
}

export function clearFlashes(): void {
  if (items.length === 0) return;
  timers.forEach((t) => clearTimeout(t));
  timers.clear();
  items = [];
  emit();
}

/** The shell calls this on every pointerdown and keydown (capture phase). */
export function noteUserInput(): void {
  inputSeq++;
}

/** Called on every location change: drops the flashes raised before the person's latest input. */
export function clearFlashesOnNavigation(): void {
  const stale = items.filter((f) => f.inputSeq < inputSeq);
  if (stale.length === 0) return;
  for (const f of stale) {
    clearTimeout(timers.get(f.key));
    timers.delete(f.key);
  }
  items = items.filter((f) => f.inputSeq >= inputSeq);
  emit();
}

export function useFlashes(): FlashItem[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => items,
  );
}
