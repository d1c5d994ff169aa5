import { describe, expect, it } from 'vitest';
import { Emitter } from '../../worker/domain/emitter';

describe('the emitter that fans events out to listeners', () => {
  it('tells every listener until it is removed', () => {
    const events = new Emitter<number>();
    const seen: number[] = [];
    const off = events.on((n) => seen.push(n));
    events.emit(1);
    off();
    events.emit(2);
    expect(seen).toEqual([1]);
  });

  it('drops a listener that throws or whose promise rejects (a closed page), and still tells the others', async () => {
    const events = new Emitter<string>();
    const seen: string[] = [];
    events.on(() => {
      throw new Error('gone');
    });
    events.on(() => Promise.reject(new Error('closed')));
    events.on((e) => seen.push(e));
    events.emit('a');
    await Promise.resolve();
    events.emit('b');
    expect(seen).toEqual(['a', 'b']);
    expect(events.size).toBe(1);
  });
});
