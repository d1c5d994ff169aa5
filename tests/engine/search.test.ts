/** Search (docs/requirements.md#req-search): from one character, at most 15 suggestions, every field, kept up to date. */
import { describe, expect, it } from 'vitest';
import { harness } from '../helpers/engineHarness';
import { aSurvey, aWorld } from '../helpers/builders';

function world() {
  const w = aWorld();
  for (let i = 0; i < 20; i++) {
    aSurvey(w, { surveyId: `5urv${String(i).padStart(4, '0')}-aaaa`, mediaId: i < 10 ? 'MEDIA-A' : 'MEDIA-B', stage: 'survey-qc' });
  }
  w.index.media['MEDIA-A']!.receiveId = '260610_ITEM77';
  return w;
}

describe('search', () => {
  it('nothing under one character', async () => {
    const h = await harness({ world: world() });
    expect(await h.engine.search('')).toEqual([]);
    expect(await h.engine.search('   ')).toEqual([]);
  });

  it('matches every field of docs/requirements.md#req-search, case-insensitively', async () => {
    const h = await harness({ world: world() });
    const first = async (q: string) => (await h.engine.search(q))[0];
    expect(await first('p1')).toMatchObject({ type: 'project', id: 'P1', title: 'P1' });
    expect(await first('cap-2')).toMatchObject({ type: 'capture', id: 'cap-2', title: 'CP002' });
    expect(await first('cp001')).toMatchObject({ type: 'capture', id: 'cap-1', related: { captureId: 'cap-1', projectId: 'P1' } });
    expect(await first('coastal')).toMatchObject({ type: 'capture', id: 'cap-1' });
    expect(await first('sf-200')).toMatchObject({ type: 'capture', id: 'cap-2' });
    expect(await first('fp-2')).toMatchObject({ type: 'flightplan', id: 'fp-2', related: { captureId: 'cap-2' } });
    expect(await first('south loop')).toMatchObject({ type: 'flightplan', id: 'fp-2', title: 'South Loop' });
    expect(await first('5URV0003')).toMatchObject({ type: 'survey', id: '5urv0003-aaaa', title: '5URV0003', related: { captureId: 'cap-1', surveyId: '5urv0003-aaaa', mediaId: 'MEDIA-A' } });
    expect(await first('media-b')).toMatchObject({ type: 'media', id: 'MEDIA-B' });
    expect(await first('item77')).toMatchObject({ type: 'media', id: 'MEDIA-A' });
  });

  it('at most 15 suggestions; prefix matches rank before substring matches', async () => {
    const h = await harness({ world: world() });
    expect(await h.engine.search('5urv')).toHaveLength(15);
    const r = await h.engine.search('a');
    expect(r).toHaveLength(15);
    const h2 = await harness({ world: world() });
    const line = await h2.engine.search('line');
    expect(line.map((e) => e.id)).toEqual(['fp-1']);
    const mixed = await h2.engine.search('cap');
    expect(mixed.slice(0, 2).map((e) => e.id)).toEqual(['cap-1', 'cap-2']);
  });

  it('is kept up to date as media is inserted, received and removed', async () => {
    const h = await harness({ world: world() });
    await h.do({ type: 'insertMedia', host: 'drive-01', bays: [1], surveys: [{ flightPlanId: 'fp-1', size: 'tiny', flownOn: '2026-06-14' }] });
    const mediaId = h.engine.world.ids.media[0]!;
    expect((await h.engine.search(mediaId))[0]).toMatchObject({ type: 'media', id: mediaId });
    await h.do({ type: 'receiveMedia', host: 'drive-01', itemIds: ['ZEBRA9'] });
    expect((await h.engine.search('zebra9'))[0]).toMatchObject({ type: 'media', id: mediaId, subtitle: '260615_ZEBRA9' });
    await h.do({ type: 'cleanDemo' });
    expect(await h.engine.search('zebra9')).toEqual([]);
    expect(await h.engine.search('5urv')).toEqual([]);
  });
});

describe('a large world is indexed in slices (docs/views.md#the-users-path)', () => {
  it('no task indexes more than a slice; what changes meanwhile is found once the build is adopted', async () => {
    const { LiveSearch } = await import('../../worker/engine/liveSearch');
    const { World } = await import('../../worker/engine/world');
    const { restore } = await import('../../worker/domain/restore');
    const data = aWorld();
    for (let i = 0; i < 12_000; i++) aSurvey(data, { surveyId: `big${String(i).padStart(6, '0')}-aaaa`, mediaId: 'MEDIA-A', stage: 'survey-qc' });
    const restored = restore(JSON.stringify(data), 0, { source: 'test' });
    if (!restored.ok) throw new Error(restored.error);
    const world = new World();
    world.load(restored.db);
    // A clock whose timers run only when the test says: one task at a time.
    const tasks: (() => void)[] = [];
    const clock = { now: () => 0, every: () => () => undefined, after: (_ms: number, fn: () => void) => (tasks.push(fn), () => tasks.splice(tasks.indexOf(fn), 1)) };
    const search = new LiveSearch(world, clock);
    search.rebuildSoon();
    tasks.shift()!(); // the first slice
    expect(tasks).toHaveLength(1); // more slices to come: the whole world was not indexed in one task
    // A commit lands mid-build: a survey's media is renamed.
    const survey = world.index.surveys[world.ids.surveys[0]!]!;
    world.add('media', 'ZEBRA-NEW', { ...world.index.media['MEDIA-A']!, mediaId: 'ZEBRA-NEW' });
    search.follow();
    world.takeChange(0);
    let slices = 1;
    while (tasks.length) {
      tasks.shift()!();
      slices++;
    }
    expect(slices).toBeGreaterThanOrEqual(3);
    expect(search.query('zebra-new')[0]).toMatchObject({ type: 'media', id: 'ZEBRA-NEW' });
    expect(search.query(survey.surveyId.slice(0, 9))[0]).toMatchObject({ type: 'survey' });
  });
});

describe('the index kept up to date answers as one built afresh', () => {
  it('after thousands of changed, added and removed keys, its dead segments compacted along the way', async () => {
    const { SearchIndex } = await import('../../worker/engine/search');
    type Maps = import('../../worker/domain/types').EntityMaps;
    const media: Record<string, { mediaId: string; receiveId?: string }> = {};
    const surveys: Record<string, { surveyId: string; cpid: string; display: string; captureId: string; mediaId: string }> = {};
    for (let i = 0; i < 3000; i++) {
      media[`M${i}`] = { mediaId: `M${i}` };
      surveys[`s${i}`] = { surveyId: `S${i}-${i % 7}`, cpid: 'CP1', display: 'New', captureId: 'c', mediaId: `M${i}` };
    }
    const maps = { projects: {}, captures: {}, flightPlans: {}, surveys, media } as unknown as Maps;
    // The id lists as a world keeps them: an entity removed leaves its list.
    const world = () => ({ index: maps, ids: { projects: [], captures: [], flightPlans: [], surveys: Object.keys(surveys), media: Object.keys(media) } });
    const kept = new SearchIndex(world);
    kept.rebuild();
    // Received (a second key), received again (a key changed), removed and added anew, many times over.
    let seed = 7;
    const next = () => (seed = (seed * 48_271) % 2_147_483_647);
    for (let step = 0; step < 9000; step++) {
      const i = next() % 3000;
      const id = `M${i}`;
      const roll = next() % 4;
      if (roll === 0) delete media[id];
      else media[id] = { mediaId: id, ...(roll === 1 ? {} : { receiveId: `2606${roll}_ITEM${next() % 900}` }) };
      kept.update('media', id);
      if (step % 3 === 0) {
        surveys[`s${i}`]!.surveyId = `S${i}-${next() % 7}`;
        kept.update('surveys', `s${i}`);
      }
    }
    const fresh = new SearchIndex(world);
    fresh.rebuild();
    expect(kept.size).toBe(fresh.size);
    // Fewer than 15 found: the whole answer, whatever the order its substring matches come in.
    const ids = (found: { id: string }[]) => found.map((e) => e.id).sort();
    let compared = 0;
    for (let k = 0; k < 900; k += 7) {
      for (const q of [`m${k * 3}`, `26062_item${k}`, `_item${k}`, `s${k}-`, `-${k % 7}`, `${k}-`]) {
        const whole = fresh.query(q);
        if (whole.length >= 15) continue;
        compared++;
        expect(ids(kept.query(q)), q).toEqual(ids(whole));
      }
    }
    expect(compared).toBeGreaterThan(400);
  });
});

describe('a build in slices', () => {
  it('orders rows and lays the haystack out as one build of the whole world does, and cannot be adopted unfinished', async () => {
    const { SearchIndex } = await import('../../worker/engine/search');
    const { IndexBuild } = await import('../../worker/engine/searchBuild');
    type Maps = import('../../worker/domain/types').EntityMaps;
    const media: Record<string, { mediaId: string; receiveId?: string }> = {};
    // Many equal keys (a receive id shared) and keys that are prefixes of others.
    for (let i = 0; i < 2000; i++) media[`M${(i * 7919) % 2000}`] = { mediaId: `M${(i * 7919) % 2000}`, ...(i % 3 ? { receiveId: `260601_ITEM${i % 40}` } : {}) };
    const maps = { projects: {}, captures: {}, flightPlans: {}, surveys: {}, media } as unknown as Maps;
    const world = { index: maps, ids: { projects: [], captures: [], flightPlans: [], surveys: [], media: Object.keys(media) } };
    const whole = new SearchIndex(() => world);
    whole.rebuild();
    const sliced = new SearchIndex(() => world);
    const build = new IndexBuild(world);
    let steps = 1;
    while (!build.step(37)) {
      if (steps === 1) expect(() => sliced.adopt(build)).toThrow();
      steps++;
    }
    sliced.adopt(build);
    expect(steps).toBeGreaterThan(2000 / 37 + 2000 / 74);
    for (const q of ['m1', 'm', 'item1', '260601_item3', 'm19', '_', '0']) expect(sliced.query(q), q).toEqual(whole.query(q));
  });
});
