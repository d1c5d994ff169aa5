/**
 * The clock spreads stage ends over ticks (issue #11), without moving any stage's own end, and
 * sends progress only when what a screen shows changes.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { harness } from '../helpers/engineHarness';
import { aSurvey, aWorld, T0 } from '../helpers/builders';
import { STAGE_ENDS_PER_TICK } from '../../worker/engine/simulation';
import { durationKey, formatDuration } from '../../worker/domain/workflow';

const ENDING = 20;

/** A world where `count` surveys extract frames, all ending at T0 + 60 s. */
async function manyEndingTogether(count = ENDING) {
  const w = aWorld();
  const ids = Array.from({ length: count }, (_, i) => `s-${i}`);
  for (const id of ids) aSurvey(w, { surveyId: id, mediaId: 'M1', stage: 'frame-extraction', startedAt: T0, durationS: 60 });
  const h = await harness({ world: w });
  const moved = () => ids.filter((id) => h.engine.world.index.surveys[id]!.stage.name !== 'frame-extraction');
  const endOf = (id: string) => h.engine.world.index.surveys[id]!.workflow.stages.find((s) => s.name === 'frame-extraction')!.endedAt;
  return { h, ids, moved, endOf };
}

describe('the clock', () => {
  it('takes at most STAGE_ENDS_PER_TICK stage ends a tick, the rest the next tick, each at its own instant', async () => {
    const { h, ids, moved, endOf } = await manyEndingTogether();
    expect(ENDING).toBeGreaterThan(STAGE_ENDS_PER_TICK);
    h.advance(59_500);
    expect(moved()).toEqual([]);
    h.advance(500);
    expect(moved()).toHaveLength(STAGE_ENDS_PER_TICK);
    h.advance(500);
    expect(moved()).toHaveLength(ENDING);
    // Shown a tick later, ended at the same instant.
    for (const id of ids) expect(endOf(id)).toBe(T0 + 60_000);
  });

  it('takes the stage ends it left in turn: the next tick starts with the first one it did not take', async () => {
    const { h, ids, moved } = await manyEndingTogether(30);
    h.advance(60_000);
    expect(moved()).toEqual(ids.slice(0, STAGE_ENDS_PER_TICK));
    h.advance(500);
    expect(moved()).toEqual(ids.slice(0, 2 * STAGE_ENDS_PER_TICK));
  });

  it('catches up at once after a sleep, and an action steps every workflow first', async () => {
    const asleep = await manyEndingTogether();
    asleep.h.advance(50_000);
    // The machine sleeps through the ends: no tick runs until it wakes.
    asleep.h.clock.time += 20_000;
    asleep.h.advance(500);
    expect(asleep.moved()).toHaveLength(ENDING);

    const acting = await manyEndingTogether();
    acting.h.advance(60_000);
    expect(acting.moved()).toHaveLength(STAGE_ENDS_PER_TICK);
    await acting.h.do({ type: 'setFlags', flags: { surveys: true } });
    expect(acting.moved()).toHaveLength(ENDING);
  });

  it('a stage that ends within the same display stage leaves its capture alone; one that changes it counts the capture again', async () => {
    const w = aWorld();
    aSurvey(w, { surveyId: 's-1', mediaId: 'M1', stage: 'feature-matching', qc: 'approved', size: 5000, startedAt: T0, durationS: 60 });
    aSurvey(w, { surveyId: 's-2', mediaId: 'M1', stage: 'orthorectification', qc: 'approved', startedAt: T0, durationS: 120 });
    const h = await harness({ world: w });
    const counts = () => h.engine.world.index.captures['cap-1']!.counts;
    expect(counts()).toMatchObject({ processing: 2, waitingForCaptureQc: 0 });
    const n = h.events.length;
    h.advance(60_000);
    // Feature matching → bundle adjustment: Processing both, so the capture counts as it did.
    expect(h.engine.world.index.surveys['s-1']!.status).toBe('bundle-adjustment');
    const first = h.events.slice(n).filter((e) => e.changed.surveys?.['s-1']);
    expect(first).toHaveLength(1);
    expect(first[0]!.changed.captures).toBeUndefined();
    const m = h.events.length;
    h.advance(60_000);
    // Orthorectification → capture QC: the capture is counted again, in the same change.
    const second = h.events.slice(m).find((e) => e.changed.surveys?.['s-2']);
    expect(second?.changed.captures?.['cap-1']?.counts).toMatchObject({ processing: 1, waitingForCaptureQc: 1 });
    expect(counts()).toMatchObject({ processing: 1, waitingForCaptureQc: 1 });
  });

  it('at 10× sends progress when the real time left changes its text, not only the simulated one', async () => {
    const w = aWorld();
    aSurvey(w, { surveyId: 's-1', mediaId: 'M1', stage: 'frame-extraction', startedAt: T0, durationS: 3600 });
    const h = await harness({ world: w });
    await h.do({ type: 'setFlags', flags: { speed: 10 } });
    // An hour's stage takes six real minutes; 80 real seconds before its end, for 10 seconds.
    h.advance(280_000 - (h.clock.now() - T0));
    const n = h.events.length;
    h.advance(10_000);
    const lefts = h.events.slice(n).flatMap((e) => e.progress.filter(([kind]) => kind === 'surveys').map(([, , , left]) => left));
    // The status cell shows "80s left (14m simulated)" … "70s left (12m simulated)": the percent
    // moves every 3.6 s, the simulated minutes every 6 s, the real seconds every second.
    expect(new Set(lefts.map((left) => formatDuration(left / 10))).size).toBeGreaterThanOrEqual(9);
  });

  it('durationKey tells apart exactly the seconds formatDuration tells apart', () => {
    fc.assert(
      fc.property(fc.double({ min: -10, max: 400_000, noNaN: true }), fc.double({ min: -10, max: 400_000, noNaN: true }), (a, b) => {
        expect(durationKey(a) === durationKey(b)).toBe(formatDuration(a) === formatDuration(b));
      }),
      { numRuns: 2000 },
    );
    for (const [a, b] of [[89, 90], [89.5, 90], [5399, 5400], [0, 0.1], [150, 170]] as const) {
      expect(durationKey(a) === durationKey(b)).toBe(formatDuration(a) === formatDuration(b));
    }
  });
});
