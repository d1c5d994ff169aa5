import { describe, expect, it } from 'vitest';
import { createStore } from '../../src/app/store';

describe('the UI stores', () => {
  it('tell their readers of a new value, and not of the same one', () => {
    const store = createStore<string[]>([]);
    let told = 0;
    const off = store.subscribe(() => told++);
    const next = ['a'];
    store.set(next);
    store.set(next);
    expect(store.get()).toBe(next);
    expect(told).toBe(1);
    off();
    store.set([]);
    expect(told).toBe(1);
  });
});
