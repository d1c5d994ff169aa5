/**
 * What the engine tells those who show the world (engine/world.ts WorldChange): after every
 * commit, exactly what changed; progress-only ticks as patches by entity, only when what a status
 * cell shows changes; a listener that fails is dropped, the others go on.
 */
import { describe, expect, it } from 'vitest';
import { bootInput, harness } from '../helpers/engineHarness';
import { aSurvey, aWorld, T0 } from '../helpers/builders';

describe('engine changes', () => {
  it('boot answers the session; each commit after it tells one change', async () => {
    const h = await harness({ login: false });
    expect(h.boot).toEqual({ current: { loggedIn: false, user: null }, flags: expect.objectContaining({ speed: 1, highlighter: true }) });
    await h.do({ type: 'login', email: 'ann.lee@example.com', password: 'demo' });
    await h.do({ type: 'setFlags', flags: { surveys: true } });
    expect(h.events.map((e) => e.kind)).toEqual(['delta', 'delta']);
    expect(h.events[1]).toMatchObject({ kind: 'delta', flags: { surveys: true }, changed: {} });
    // Idempotent boot: the session as it stands now.
    expect(await h.engine.boot(bootInput())).toEqual({ current: expect.objectContaining({ loggedIn: true }), flags: expect.objectContaining({ surveys: true }) });
  });

  it('an action tells the entities it changed, with the summaries that changed, and which lists moved', async () => {
    const h = await harness();
    const n = h.events.length;
    await h.do({ type: 'insertMedia', host: 'drive-01', bays: [1], surveys: [{ flightPlanId: 'fp-1', size: 'tiny', flownOn: '2026-06-14' }] });
    const e = h.events[n]!;
    if (e.kind !== 'delta') throw new Error('expected a change');
    expect(Object.keys(e.changed).sort()).toEqual(['captures', 'drives', 'flightPlans', 'media', 'surveys']);
    expect(Object.keys(e.changed.captures!)).toEqual(['cap-1']);
    expect(e.changed.drives!['drive-01']!.status).toBe('Ready');
    expect([...e.lists!].sort()).toEqual(['media', 'surveys']);
  });

  it('progress-only ticks tell patches by entity, only when the integer percent or the text changes', async () => {
    const w = aWorld();
    aSurvey(w, { surveyId: 's-1', mediaId: 'M1', stage: 'frame-extraction', startedAt: T0, durationS: 60 });
    const h = await harness({ world: w });
    const n = h.events.length;
    h.advance(500);
    h.advance(500);
    // At 0.8 % and "60s" left nothing shown changed, so nothing was told: the first told is 1 %.
    expect(h.events.slice(n)).toHaveLength(1);
    const tick = h.events[n]!;
    expect(tick).toMatchObject({ kind: 'delta', changed: {}, progress: [['surveys', 's-1', 1, 59]] });
    h.advance(1_000);
    expect(h.events[h.events.length - 1]).toMatchObject({ progress: [['surveys', 's-1', 3, 58]] });
    h.advance(59_000);
    const last = h.events[h.events.length - 1]!;
    expect(last).toMatchObject({ changed: { surveys: { 's-1': { display: 'Ready for QC' } } }, progress: [] });
    const count = h.events.length;
    h.advance(5_000);
    // The stage is over: its ticks tell nothing more. A later action is the next thing told.
    await h.do({ type: 'setFlags', flags: { projects: true } });
    expect(h.events.slice(count)).toEqual([expect.objectContaining({ kind: 'delta', flags: expect.objectContaining({ projects: true }) })]);
  });

  it('a listener that throws is dropped; the others still hear', async () => {
    const h = await harness();
    const got: number[] = [];
    const off = h.engine.changes.on(() => got.push(1));
    h.engine.changes.on(() => {
      throw new Error('closed page');
    });
    await h.do({ type: 'setFlags', flags: { projects: true } });
    await h.do({ type: 'setFlags', flags: { projects: false } });
    off();
    await h.do({ type: 'setFlags', flags: { projects: true } });
    expect(got).toHaveLength(2);
    // The recorder's own listener is all that is left.
    expect(h.engine.changes.size).toBe(1);
  });
});
