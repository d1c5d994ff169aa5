/**
 * The event protocol (api.ts EngineEvent): a snapshot on boot, then deltas numbered one by one that
 * carry only what changed; progress-only changes as small patches; unsubscribe releases.
 */
import { describe, expect, it } from 'vitest';
import { harness } from '../helpers/engineHarness';
import { aSurvey, aWorld, T0 } from '../helpers/builders';

describe('engine events', () => {
  it('boot answers a snapshot of everything; deltas follow with consecutive seq', async () => {
    const h = await harness({ login: false });
    expect(h.boot).toMatchObject({ kind: 'snapshot', seq: 0, flags: { speed: 1, highlighter: true } });
    expect(Object.keys(h.boot.changed.captures!)).toEqual(['cap-1', 'cap-2']);
    expect(h.boot.ids.drives).toEqual(['drive-01', 'drive-02']);
    await h.do({ type: 'login', email: 'ann.lee@example.com', password: 'demo' });
    await h.do({ type: 'setFlags', flags: { surveys: true } });
    expect(h.events.map((e) => e.seq)).toEqual([1, 2]);
    expect(h.events[1]).toMatchObject({ kind: 'delta', flags: { surveys: true }, changed: {} });
    expect((await h.engine.snapshot()).seq).toBe(2);
    // Idempotent boot.
    expect((await h.engine.boot({ stored: { db: null, version: null, current: null, flags: null }, baseUrl: '' })).seq).toBe(2);
  });

  it('an action sends the changed entities whole, with the summaries that changed', async () => {
    const h = await harness();
    const n = h.events.length;
    await h.do({ type: 'insertMedia', host: 'drive-01', bays: [1], surveys: [{ flightPlanId: 'fp-1', size: 'tiny', flownOn: '2026-06-14' }] });
    const e = h.events[n]!;
    expect(Object.keys(e.changed).sort()).toEqual(['captures', 'drives', 'flightPlans', 'media', 'surveys']);
    expect(Object.keys(e.changed.captures!)).toEqual(['cap-1']);
    expect(e.changed.drives!['drive-01']!.status).toBe('Ready');
    // Which lists changed, not the lists (a survey list is 3.8 MB at 100 000 surveys).
    expect([...e.lists!].sort()).toEqual(['media', 'surveys']);
    expect(e.ids).toEqual({});
  });

  it('progress-only ticks send patches, only when the integer percent or the text changes', async () => {
    const w = aWorld();
    aSurvey(w, { surveyId: 's-1', mediaId: 'M1', stage: 'frame-extraction', startedAt: T0, durationS: 60 });
    const h = await harness({ world: w });
    const n = h.events.length;
    h.advance(500);
    // 0.8 % and "60s" left: nothing shown changed, nothing sent.
    expect(h.events.length).toBe(n);
    h.advance(500);
    const tick = h.events[n]!;
    expect(tick.changed).toEqual({});
    // The boot's snapshot names the slot; patches are numbers: [slot, percent, seconds left].
    expect(h.boot.slots).toEqual({ media: {}, surveys: { 0: 's-1' }, captures: {} });
    expect(tick.slots).toBeUndefined();
    expect(tick.progress).toEqual({ surveys: [0, 1, 59] });
    h.advance(1_000);
    expect(h.events[h.events.length - 1]!.slots).toBeUndefined();
    expect(h.events[h.events.length - 1]!.progress).toEqual({ surveys: [0, 3, 58] });
    h.advance(59_000);
    const last = h.events[h.events.length - 1]!;
    expect(last.changed.surveys!['s-1']!.display).toBe('Ready for QC');
    expect(last.progress).toBeUndefined();
    const count = h.events.length;
    h.advance(5_000);
    expect(h.events.length).toBe(count);
  });

  it('events carry copies, not the live world', async () => {
    const h = await harness();
    await h.do({ type: 'setFlags', flags: { projects: true } });
    const e = h.events[h.events.length - 1]!;
    e.flags!.projects = false;
    expect(h.engine.world.flags.projects).toBe(true);
  });

  it('unsubscribe releases the listener; a failing listener is dropped', async () => {
    const h = await harness();
    const got: number[] = [];
    const off = await h.engine.subscribe((e) => got.push(e.seq));
    await h.engine.subscribe(() => {
      throw new Error('closed page');
    });
    await h.do({ type: 'setFlags', flags: { projects: true } });
    off();
    await h.do({ type: 'setFlags', flags: { projects: false } });
    expect(got).toHaveLength(1);
  });
});
