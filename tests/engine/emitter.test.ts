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
    // A closed page's proxy: its promise rejects once the emit has gone by.
    let close = (_: Error) => {};
    const closed = new Promise<never>((_, reject) => (close = reject));
    events.on(() => closed);
    events.on((e) => seen.push(e));
    events.emit('a');
    close(new Error('closed'));
    // A promise's handlers run in the order they were added: the emitter's came first.
    await closed.catch(() => undefined);
    events.emit('b');
    expect(seen).toEqual(['a', 'b']);
    expect(events.size).toBe(1);
  });
});
