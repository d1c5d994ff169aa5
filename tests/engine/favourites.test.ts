/**
 * Favourites in the engine (issue 36): each signed-in person stars and unstars captures, surveys
 * and media sets; the stars are that person's own, kept in the store (a new engine on it has them,
 * by the whole boot and by the first look), exported and imported with the world, and checked
 * strictly when imported. Bad input is refused with a message and changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { harness, type Harness } from '../helpers/engineHarness';
import { ManualClock } from '../helpers/manualClock';
import { ANN, BOB, aMedia, aSurvey, aWorld } from '../helpers/builders';
import { restore } from '../../worker/domain/restore';
import { FAVOURITES_KIND } from '../../worker/engine/store/worldStore';
import type { Action } from '../../worker/api';
import { NO_MEDIA_FILTER } from '../../worker/domain/mediaFilter';
import { pagesOver } from '../helpers/pages';

function world() {
  const w = aWorld();
  aMedia(w, { mediaId: 'M1', stage: 'assign' });
  aSurvey(w, { surveyId: 's-1', mediaId: 'M1', stage: 'survey-qc', qc: 'started' });
  return w;
}

const star = (kind: 'captures' | 'surveys' | 'media', id: string, starred = true): Action => ({ type: 'setFavourite', kind, id, starred });

async function starring(): Promise<Harness> {
  const h = await harness({ world: world() });
  for (const a of [star('captures', 'cap-1'), star('surveys', 's-1'), star('media', 'M1')]) expect(await h.do(a)).toEqual({ ok: true });
  return h;
}

/** A new engine booted on the store the harness wrote, as a reload does. */
async function reloaded(h: Harness, firstLook = false): Promise<Harness> {
  await h.engine.settled();
  h.engine.stop();
  return harness({ store: h.store, clock: new ManualClock(h.clock.now()), login: false, firstLook });
}

describe('favourites in the engine (issue 36)', () => {
  it("stars and unstars a capture, a survey and a media set for the signed-in person only", async () => {
    const h = await starring();
    expect(h.engine.world.favourites.of(ANN)).toEqual({ captures: ['cap-1'], surveys: ['s-1'], media: ['M1'] });
    expect(h.engine.world.favourites.of(BOB)).toEqual({ captures: [], surveys: [], media: [] });
    await h.do({ type: 'login', email: BOB, password: 'demo' });
    expect(await h.do(star('surveys', 's-1'))).toEqual({ ok: true });
    expect(await h.do(star('captures', 'cap-1', false))).toEqual({ ok: true });
    // Bob's unstar of what he never starred leaves Ann's star alone.
    expect(h.engine.world.favourites.of(ANN).captures).toEqual(['cap-1']);
    expect(h.engine.world.favourites.of(BOB)).toEqual({ captures: [], surveys: ['s-1'], media: [] });
    await h.do({ type: 'login', email: ANN, password: 'demo' });
    expect(await h.do(star('media', 'M1', false))).toEqual({ ok: true });
    expect(h.engine.world.favourites.of(ANN)).toEqual({ captures: ['cap-1'], surveys: ['s-1'], media: [] });
  });

  it('a star changes no entity and tells the views so: its change names only favourites', async () => {
    const h = await harness({ world: world() });
    const before = h.events.length;
    await h.do(star('surveys', 's-1'));
    const told = h.events.slice(before);
    expect(told).toHaveLength(1);
    expect(told[0]!.changed).toEqual({});
    expect(told[0]!.removed).toEqual({});
  });

  it('each star is one record of the store, written by its own commit and deleted when taken off', async () => {
    const h = await starring();
    await h.engine.settled();
    const stars = () => [...h.store.data.keys()].filter((k) => k.startsWith(`${FAVOURITES_KIND}\u0000`));
    expect(stars()).toHaveLength(3);
    const commits = h.store.commits.length;
    await h.do(star('surveys', 's-1', false));
    await h.engine.settled();
    expect(stars()).toHaveLength(2);
    // One star's commit: its record and the meta record.
    expect(h.store.commits.slice(commits)).toEqual([2]);
  });

  it('survive a reload, by the whole boot and by the first look', async () => {
    const mine = { captures: ['cap-1'], surveys: ['s-1'], media: ['M1'] };
    const whole = await reloaded(await starring());
    expect(whole.engine.world.favourites.of(ANN)).toEqual(mine);
    whole.engine.stop();
    const first = await reloaded(await starring(), true);
    // The first look holds them (the capture table's "My favorites" is answered from it)…
    expect(first.boot.loading).toBe(true);
    expect(first.engine.holds(['captures', 'favourites'])).toBe(true);
    expect(first.engine.world.favourites.of(ANN)).toEqual(mine);
    // …and so does the whole world, read after it.
    first.clock.advance(1000);
    await first.engine.loaded();
    expect(first.engine.world.favourites.of(ANN)).toEqual(mine);
    first.engine.stop();
  });

  it('survive Export and Import, and an export without stars still imports (with none)', async () => {
    const h = await starring();
    const text = await h.engine.exportWorld();
    expect(JSON.parse(text).favourites).toEqual([
      { email: ANN, kind: 'captures', id: 'cap-1' },
      { email: ANN, kind: 'media', id: 'M1' },
      { email: ANN, kind: 'surveys', id: 's-1' },
    ]);
    const other = await harness({ world: world() });
    expect((await other.do({ type: 'importWorld', text })).ok).toBe(true);
    expect(other.engine.world.favourites.of(ANN)).toEqual({ captures: ['cap-1'], surveys: ['s-1'], media: ['M1'] });
    const { favourites: _gone, ...older } = JSON.parse(text) as Record<string, unknown>;
    expect((await other.do({ type: 'importWorld', text: JSON.stringify(older) })).ok).toBe(true);
    expect(other.engine.world.favourites.of(ANN)).toEqual({ captures: [], surveys: [], media: [] });
    // A world without stars exports as it did before stars: no favourites field at all.
    expect(JSON.parse(await other.engine.exportWorld())).not.toHaveProperty('favourites');
  });

  it('an import with a malformed star is refused with what is wrong, and the world stays as it was', async () => {
    const h = await starring();
    const data = JSON.parse(await h.engine.exportWorld()) as Record<string, unknown>;
    const before = h.engine.serialise();
    const bad: [unknown, RegExp][] = [
      ['all of them', /favourites is not a list of favourites/],
      [[{ email: 'ANN@EXAMPLE.COM', kind: 'surveys', id: 's-1' }], /favourites\.0 has no email address in lower case/],
      [[{ email: ANN, kind: 'drives', id: 'drive-01' }], /favourites\.0 names no kind a person can star/],
      [[{ email: ANN, kind: 'media', id: 'not a media id!' }], /favourites\.0 has an id that is not a media id/],
      [[{ email: ANN, kind: 'surveys', id: '__proto__' }], /favourites\.0 has an id that is not an id/],
      [[{ email: ANN, kind: 'surveys', id: 's-1' }, { email: ANN, kind: 'surveys', id: 's-1' }], /favourites\.1 repeats a favourite/],
      [[null], /favourites\.0 is not a favourite/],
    ];
    for (const [favourites, message] of bad) {
      const result = await h.do({ type: 'importWorld', text: JSON.stringify({ ...data, favourites }) });
      expect(result).toEqual({ ok: false, error: expect.stringMatching(message) as string });
      expect(h.engine.serialise()).toBe(before);
    }
  });

  it('a stored star of the wrong shape is dropped on reading, and said so; the others stay', async () => {
    const raw = { ...world(), favourites: [{ email: ANN, kind: 'surveys', id: 's-1' }, { email: ANN, kind: 'planes', id: 'x' }] };
    const strict = restore(raw, 0);
    expect(strict.ok).toBe(false);
    const repaired = restore(raw, 0, { repair: true });
    if (!repaired.ok) throw new Error(repaired.error);
    expect(repaired.db.favourites).toEqual([{ email: ANN, kind: 'surveys', id: 's-1' }]);
    expect(repaired.repaired).toEqual([expect.stringMatching(/favourites\.1 names no kind .* so favourites\.1 was dropped/) as string]);
  });

  it('a star may name an entity that has gone since: kept, and shown nowhere until it comes back', async () => {
    const raw = { ...world(), favourites: [{ email: ANN, kind: 'media', id: 'GONE-1' }] };
    const restored = restore(raw, 0);
    expect(restored.ok && restored.db.favourites).toEqual([{ email: ANN, kind: 'media', id: 'GONE-1' }]);
  });

  it('refuses bad input with a message and changes nothing', async () => {
    const h = await harness({ world: world() });
    const before = h.engine.serialise();
    const refused: [Action, string][] = [
      [star('surveys', 'no-such-survey'), 'No survey no-such-survey'],
      [star('captures', 'nope'), 'No capture nope'],
      [star('media', 'not a media id!'), 'No media set not a media id!'],
      [{ type: 'setFavourite', kind: 'drives', id: 'drive-01', starred: true } as unknown as Action, 'drives cannot be a favorite: only captures, surveys and media sets can'],
      [{ type: 'setFavourite', kind: 'surveys', id: 's-1', starred: 'yes' } as unknown as Action, 'Say whether to add the favorite or remove it'],
      [{ type: 'setFavourite', kind: 'surveys', id: { toString: 1 }, starred: true } as unknown as Action, 'No survey (object)'],
    ];
    for (const [action, error] of refused) expect(await h.do(action)).toEqual({ ok: false, error });
    expect(h.engine.serialise()).toBe(before);
    await h.do({ type: 'logout' });
    expect(await h.do(star('surveys', 's-1'))).toEqual({ ok: false, error: 'Please sign in first' });
    expect(h.engine.world.favourites.all()).toEqual([]);
  });

  it('starring what is starred, or unstarring what is not, changes nothing and is no error', async () => {
    const h = await starring();
    await h.engine.settled();
    const commits = h.store.commits.length;
    expect(await h.do(star('surveys', 's-1'))).toEqual({ ok: true });
    expect(await h.do(star('surveys', 's-2', false))).toEqual({ ok: true });
    await h.engine.settled();
    expect(h.store.commits.length).toBe(commits);
  });

  it('is allowed at any stage: a survey cancelled, a survey published, media cancelled while copying', async () => {
    const w = world();
    aMedia(w, { mediaId: 'M2', stage: 'copy', state: 'cancelled' });
    aSurvey(w, { surveyId: 's-cancelled', mediaId: 'M2', stage: 'copy', state: 'cancelled' });
    aSurvey(w, { surveyId: 's-published', mediaId: 'M1', stage: 'publish', state: 'completed', published: true });
    const h = await harness({ world: w });
    for (const a of [star('surveys', 's-cancelled'), star('surveys', 's-published'), star('media', 'M2')]) expect(await h.do(a)).toEqual({ ok: true });
    expect(h.engine.world.favourites.of(ANN)).toEqual({ captures: [], surveys: ['s-cancelled', 's-published'], media: ['M2'] });
  });

  it("the lists' My favorites show only the person's stars, the dashboard lists them, and each answers again when a star changes", async () => {
    const w = world();
    aSurvey(w, { surveyId: 's-2', mediaId: 'M1', stage: 'applanix', state: 'waiting' });
    const h = await harness({ world: w });
    const tab = pagesOver(h.engine).page();
    const captures = tab.open({ view: 'captures', by: 'captureId', dir: 'asc', stage: null, starredBy: ANN, start: 0, count: 50 });
    const surveys = tab.open({ view: 'surveys', stage: null, starredBy: ANN });
    const media = tab.open({ view: 'media', filter: { ...NO_MEDIA_FILTER, starredBy: ANN } });
    const stars = tab.open({ view: 'favourites', email: ANN });
    const dashboard = tab.open({ view: 'starred', email: ANN });
    expect([captures()!.total, surveys()!.total, media()!.total]).toEqual([0, 0, 0]);
    for (const a of [star('captures', 'cap-2'), star('surveys', 's-2'), star('media', 'M1')]) await h.do(a);
    await h.do({ type: 'login', email: BOB, password: 'demo' });
    await h.do(star('captures', 'cap-1'));
    expect(captures()!.rows.map((r) => r.captureId)).toEqual(['cap-2']);
    expect(surveys()!.rows.map((r) => r.surveyId)).toEqual(['s-2']);
    expect(media()!.rows.map((r) => r.mediaId)).toEqual(['M1']);
    expect(stars()).toEqual({ captures: ['cap-2'], surveys: ['s-2'], media: ['M1'] });
    expect(dashboard()!.captures.rows.map((r) => r.cpid)).toEqual(['CP002']);
    expect(dashboard()!.surveys).toMatchObject({ total: 1, rows: [{ surveyId: 's-2' }] });
    expect(dashboard()!.media).toMatchObject({ total: 1, rows: [{ mediaId: 'M1' }] });
    await h.do({ type: 'login', email: ANN, password: 'demo' });
    await h.do(star('surveys', 's-2', false));
    expect(surveys()!.total).toBe(0);
    expect(dashboard()!.surveys.total).toBe(0);
    expect(stars()!.surveys).toEqual([]);
  });
});
