/**
 * Every call is answered (issue 19): an action the engine is slow to answer tells the person after
 * CALL_PATIENCE_MS, without claiming it saved anything, and still hands back the real answer; an
 * engine that fails to answer at all is a refusal that says the change may not be saved.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActionResult, Flash } from '../../worker/api';

const shown: Flash[] = [];
let answer: () => Promise<ActionResult> = async () => ({ ok: true });
vi.mock('../../src/app/flash', () => ({ showFlash: (f: Flash) => shown.push(f) }));
vi.mock('../../src/app/highlight', () => ({ highlightRows: () => undefined }));
vi.mock('../../src/engine/client', () => ({
  engineClient: () => ({ dispatch: () => answer(), model: { flags: { highlighter: false } } }),
}));
const { answerOf, CALL_PATIENCE_MS, TAKING_LONGER } = await import('../../src/app/useAction');

afterEach(() => {
  shown.length = 0;
  vi.useRealTimers();
});

describe('answerOf', () => {
  it('says "taking longer" once the patience runs out, and then gives the real answer', async () => {
    vi.useFakeTimers();
    let finish: (r: ActionResult) => void = () => undefined;
    answer = () => new Promise((resolve) => (finish = resolve));
    const result = answerOf({ type: 'logout' });
    await vi.advanceTimersByTimeAsync(CALL_PATIENCE_MS - 1);
    expect(shown).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(shown).toEqual([{ category: 'warning', text: TAKING_LONGER }]);
    expect(TAKING_LONGER).toMatch(/not saved yet/);
    finish({ ok: true, flash: { category: 'success', text: 'done' } });
    expect(await result).toEqual({ ok: true, flash: { category: 'success', text: 'done' } });
  });

  it('an answer in time says nothing more', async () => {
    vi.useFakeTimers();
    answer = async () => ({ ok: true });
    expect(await answerOf({ type: 'logout' })).toEqual({ ok: true });
    await vi.advanceTimersByTimeAsync(CALL_PATIENCE_MS * 2);
    expect(shown).toEqual([]);
  });

  it('an engine that throws is a refusal that says the change may not be saved', async () => {
    answer = async () => {
      throw new Error('worker gone');
    };
    expect(await answerOf({ type: 'logout' })).toEqual({ ok: false, storage: true, error: expect.stringMatching(/could not answer \(worker gone\)\. Your change may not be saved/) });
  });
});
