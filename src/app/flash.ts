/**
 * Flash messages (SPEC §8): danger stays until closed, every other category leaves after
 * FLASH_CLEAR_MS. Navigating clears them (the router calls `clearFlashes`).
 */
import { useSyncExternalStore } from 'react';
import { FLASH_CLEAR_MS } from '../../worker/domain/constants';
import type { Flash } from '../../worker/api';

export interface FlashItem extends Flash {
  key: number;
}

let items: FlashItem[] = [];
let nextKey = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(): void {
  listeners.forEach((l) => l());
}

export function showFlash(flash: Flash): void {
  const key = nextKey++;
  items = [...items, { ...flash, key }];
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

export function useFlashes(): FlashItem[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => items,
  );
}
