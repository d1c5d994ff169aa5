/**
 * Issue 19, item 8: a throw inside any action handler is a refusal with a message, never an
 * exception out of dispatch (which left the dialog spinning for ever), and the world stays as it
 * was, in memory and on disk, even when the handler had already changed part of it.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Action } from '../../worker/api';
import { aSurvey, aWorld, BOB } from '../helpers/builders';
import { harness, type Harness } from '../helpers/engineHarness';

// Reassign stands for any handler with a bug: it changes a survey, then throws.
vi.mock('../../worker/engine/actions/reassign', () => ({
  reassignSurvey: (ctx: { world: { index: { surveys: Record<string, { assignedTo: string | null }> }; touch: (k: string, id: string) => void } }, surveyId: string) => {
    ctx.world.index.surveys[surveyId]!.assignedTo = 'half.done@example.com';
    ctx.world.touch('surveys', surveyId);
    throw new TypeError('e.replace is not a function');
  },
}));

async function withSurvey(): Promise<Harness> {
  const w = aWorld();
  aSurvey(w, { surveyId: 's-1', mediaId: 'M1', stage: 'survey-qc' });
  return harness({ world: w });
}

async function storedText(h: Harness): Promise<string> {
  return JSON.stringify(await h.store.readAll());
}

describe('a handler that throws (issue 19)', () => {
  it('is answered as refused with the reason, and nothing of its half-made change is kept', async () => {
    const h = await withSurvey();
    h.engine.tick();
    await h.engine.settled();
    const before = h.engine.serialise();
    const onDisk = await storedText(h);
    const answer = await h.do({ type: 'reassignSurvey', surveyId: 's-1', email: BOB });
    expect(answer).toEqual({ ok: false, error: 'This action failed inside the console and changed nothing: e.replace is not a function' });
    expect(h.engine.serialise()).toBe(before);
    expect(h.engine.world.index.surveys['s-1']!.assignedTo).toBeNull();
    await h.engine.settled();
    expect(await storedText(h)).toBe(onDisk);
    // The engine goes on answering.
    expect(await h.do({ type: 'approveSurveyQc', surveyId: 's-1' })).toMatchObject({ ok: true });
  });

  it('a parameter that throws when read is refused the same way', async () => {
    const h = await withSurvey();
    const before = h.engine.serialise();
    const hostile = {
      type: 'ejectMedia',
      get host(): string {
        throw new Error('no host for you');
      },
    } as unknown as Action;
    expect(await h.do(hostile)).toEqual({ ok: false, error: 'This action failed inside the console and changed nothing: no host for you' });
    expect(h.engine.serialise()).toBe(before);
  });
});
