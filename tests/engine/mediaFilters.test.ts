/**
 * The Media page's filters (issue 36): over random worlds (captures of several seasons, projects
 * and capture ids; media sets at every stage, received on many days, holding surveys of one or
 * several captures; people's stars), every filter and every combination of them answers exactly
 * the media sets a reference filter finds, in the world's order, with the count of all of them.
 * The reference is written apart from the view: it reads a set's status from the stage the table
 * shows, and its captures from the surveys that point to it.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LIST_CAP } from '../../worker/domain/constants';
import { makeCapture, makeProject } from '../../worker/domain/entities';
import { MEDIA_STATUSES, mediaFilterOf, NO_MEDIA_FILTER, type MediaFilter } from '../../worker/domain/mediaFilter';
import { restore } from '../../worker/domain/restore';
import type { Media } from '../../worker/domain/types';
import type { DataFile } from '../../worker/domain/dataFile';
import { World } from '../../worker/engine/world';
import { CaptureOrder } from '../../worker/views/captureOrder';
import { MediaSelection } from '../../worker/views/mediaFilter';
import { VIEWS } from '../../worker/views/table';
import { ANN, BOB, T0, aMedia, aSurvey, aWorld } from '../helpers/builders';
import { harness } from '../helpers/engineHarness';
import { pagesOver } from '../helpers/pages';

const SEASONS = ['2026 Fall', '2026 Spring', '2025 Fall'];
const PROJECTS = ['P1', 'P2', 'P3'];
const CPIDS = ['NC26A001', 'NC26A002', 'TX25B001', 'wa-ortho-7', 'SAMPLE007'];
const DAYS = ['2025-11-30', '2026-01-15', '2026-03-01', '2026-03-02', '2026-06-10'];
const PEOPLE = [ANN, BOB];
/** Every place a media set can stand: [stage, state]. */
const MEDIA_PLACES = [
  ['new', 'waiting'],
  ['copy', 'working'],
  ['copy', 'cancelled'],
  ['receive', 'working'],
  ['receive', 'cancelled'],
  ['assign', 'waiting'],
  ['assign', 'completed'],
] as const;

const worldShape = fc.record({
  captures: fc.array(fc.record({ season: fc.constantFrom(...SEASONS), project: fc.constantFrom(...PROJECTS), cpid: fc.constantFrom(...CPIDS) }), { minLength: 1, maxLength: 6 }),
  media: fc.array(
    fc.record({
      place: fc.constantFrom(...MEDIA_PLACES),
      day: fc.constantFrom(...DAYS),
      /** the captures of its surveys, by index (none: a set with no surveys left) */
      surveys: fc.array(fc.nat(5), { maxLength: 3 }),
    }),
    { maxLength: 25 },
  ),
  stars: fc.array(fc.record({ who: fc.constantFrom(...PEOPLE), n: fc.nat(30) }), { maxLength: 10 }),
});
type WorldShape = typeof worldShape extends fc.Arbitrary<infer T> ? T : never;

function built(shape: WorldShape): World {
  const data: DataFile = aWorld();
  for (const p of PROJECTS.slice(1)) data.index.projects[p] = makeProject({ projectId: p, captureIds: [] });
  data.ids.projects.push(...PROJECTS.slice(1));
  const captureIds = shape.captures.map((c, i) => {
    const captureId = `cx-${i}`;
    data.index.captures[captureId] = makeCapture({ captureId, cpid: c.cpid, projectId: c.project, description: '', sfid: '', season: c.season, flightPlanIds: [] }, T0);
    data.ids.captures.push(captureId);
    data.index.projects[c.project]!.captureIds.push(captureId);
    // Each capture flies a plan of its own, which its surveys follow.
    const plan = structuredClone(data.index.flightPlans['fp-1']!);
    Object.assign(plan, { flightPlanId: `fp-${captureId}`, captureId, surveyIds: [] });
    data.index.flightPlans[plan.flightPlanId] = plan;
    data.ids.flightPlans.push(plan.flightPlanId);
    data.index.captures[captureId]!.flightPlanIds.push(plan.flightPlanId);
    return captureId;
  });
  shape.media.forEach((m, i) => {
    const mediaId = `M${i}`;
    const stage = m.place[0];
    const state = m.place[1];
    const media = aMedia(data, { mediaId, stage, state });
    media.receivedOn = stage === 'new' ? null : m.day;
    for (const [k, c] of m.surveys.entries()) {
      const captureId = captureIds[c % captureIds.length]!;
      aSurvey(data, { surveyId: `${mediaId}-s${k}`, mediaId, captureId, stage: stage === 'assign' ? 'applanix' : 'copy', state: stage === 'assign' ? 'waiting' : 'working' });
    }
  });
  const ids = data.ids.media;
  data.favourites = [];
  const seen = new Set<string>();
  for (const { who, n } of shape.stars) {
    const id = ids.length ? ids[n % ids.length]! : 'M-gone';
    if (!seen.has(`${who} ${id}`)) data.favourites.push({ email: who, kind: 'media', id });
    seen.add(`${who} ${id}`);
  }
  const restored = restore(JSON.parse(JSON.stringify(data)), T0);
  if (!restored.ok) throw new Error(restored.error);
  const world = new World();
  world.load(restored.db);
  return world;
}

/** The reference: a media set's status read from the stage the media table shows. */
function statusShown(m: Media): string | null {
  if (m.stage.state === 'cancelled' || m.stage.halted === 'Cancelled') return 'cancelled';
  if (m.stage.statusLabel === 'Copying') return 'copying';
  if (m.stage.statusLabel === 'Receiving') return 'receiving';
  if (m.stage.statusLabel === 'Assignment' || m.stage.statusLabel === 'Assigned') return 'received';
  return null;
}

/** The reference filter: every media set of the world, looked at whole against each filter set. */
function reference(world: World, f: MediaFilter): string[] {
  const surveys = Object.values(world.index.surveys);
  const stars = new Set(world.favourites.all().filter((s) => s.email === f.starredBy && s.kind === 'media').map((s) => s.id));
  return world.ids.media.filter((id) => {
    const m = world.index.media[id]!;
    const captures = surveys.filter((s) => s.mediaId === id).map((s) => world.index.captures[s.captureId]!);
    return (
      (f.status === null || statusShown(m) === f.status) &&
      (f.receivedFrom === null || (m.receivedOn !== null && m.receivedOn >= f.receivedFrom)) &&
      (f.receivedTo === null || (m.receivedOn !== null && m.receivedOn <= f.receivedTo)) &&
      (f.season === null || captures.some((c) => c.season === f.season)) &&
      (f.projectId === null || captures.some((c) => c.projectId === f.projectId)) &&
      (f.cpid === null || captures.some((c) => c.cpid.toLowerCase().includes(f.cpid!.toLowerCase()))) &&
      (f.starredBy === null || stars.has(id))
    );
  });
}

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null, freq: 2 });
const filterOf = fc.record({
  status: maybe(fc.constantFrom(...MEDIA_STATUSES)),
  season: maybe(fc.constantFrom(...SEASONS, '1999 Winter')),
  receivedFrom: maybe(fc.constantFrom(...DAYS)),
  receivedTo: maybe(fc.constantFrom(...DAYS)),
  projectId: maybe(fc.constantFrom(...PROJECTS, 'P9')),
  cpid: maybe(fc.constantFrom('nc26', 'A00', 'ortho', 'TX25B001', 'zz', '7')),
  starredBy: maybe(fc.constantFrom(...PEOPLE)),
});

const answer = (world: World, selection: MediaSelection, filter: MediaFilter) =>
  VIEWS.media.answer({ world, captureOrder: new CaptureOrder(world), mediaSelection: selection }, { filter });

describe('the media filters (issue 36)', () => {
  it('every filter and every combination answers what the reference filter finds, in order, with the count', () => {
    let matchedSome = 0;
    let matchedNone = 0;
    fc.assert(
      fc.property(worldShape, fc.array(filterOf, { minLength: 1, maxLength: 6 }), (shape, filters) => {
        const world = built(shape);
        const selection = new MediaSelection(world);
        for (const filter of filters) {
          const expected = reference(world, filter);
          const got = answer(world, selection, filter);
          expect(got.total).toBe(expected.length);
          expect(got.rows.map((r) => r.mediaId)).toEqual(expected.slice(0, LIST_CAP));
          if (expected.length) matchedSome++;
          else matchedNone++;
        }
      }),
      { numRuns: 300 },
    );
    // The worlds and filters reach both outcomes, often.
    expect(matchedSome).toBeGreaterThan(100);
    expect(matchedNone).toBeGreaterThan(100);
  });

  it('no filter answers every media set; a filter the page could not have sent is read as no filter of that kind', () => {
    const world = built({ captures: [{ season: SEASONS[0]!, project: 'P1', cpid: 'NC26A001' }], media: [{ place: ['assign', 'waiting'], day: DAYS[0]!, surveys: [0] }, { place: ['new', 'waiting'], day: DAYS[0]!, surveys: [0] }], stars: [] });
    const selection = new MediaSelection(world);
    expect(answer(world, selection, NO_MEDIA_FILTER).total).toBe(2);
    const hostile = mediaFilterOf({ status: 'lost', season: 7, receivedFrom: '2026-02-30', receivedTo: ['x'], projectId: '__proto__', cpid: 'x'.repeat(101), starredBy: 'ANN@EXAMPLE.COM' });
    expect(hostile).toEqual(NO_MEDIA_FILTER);
    expect(VIEWS.media.answer({ world, captureOrder: new CaptureOrder(world), mediaSelection: selection }, { filter: 'everything' as unknown as MediaFilter }).total).toBe(2);
    expect(mediaFilterOf({ status: 'received', cpid: '  nc26  ' })).toEqual({ ...NO_MEDIA_FILTER, status: 'received', cpid: 'nc26' });
  });

  it('a filter kept open follows what changes: a set whose survey of the season goes, a set received, a new set, a set ejected', async () => {
    const w = aWorld();
    aMedia(w, { mediaId: 'M1', stage: 'assign', state: 'completed' });
    aSurvey(w, { surveyId: 's-1', mediaId: 'M1', captureId: 'cap-1', stage: 'applanix', state: 'waiting' });
    aSurvey(w, { surveyId: 's-2', mediaId: 'M1', captureId: 'cap-2', stage: 'applanix', state: 'waiting' });
    aMedia(w, { mediaId: 'M2', stage: 'new', host: 'drive-01' });
    aSurvey(w, { surveyId: 's-3', mediaId: 'M2', captureId: 'cap-2', stage: 'new' });
    const h = await harness({ world: w });
    const tab = pagesOver(h.engine).page();
    const filters: MediaFilter[] = [
      { ...NO_MEDIA_FILTER, season: '2025' },
      { ...NO_MEDIA_FILTER, status: 'copying', cpid: 'cp002' },
      { ...NO_MEDIA_FILTER, projectId: 'P1' },
    ];
    const reads = filters.map((filter) => tab.open({ view: 'media', filter }));
    const check = () => filters.forEach((f, i) => expect(reads[i]!()!.rows.map((r) => r.mediaId), JSON.stringify(f)).toEqual(reference(h.engine.world, f)));
    check();
    expect(reads[0]!()!.rows.map((r) => r.mediaId)).toEqual(['M1', 'M2']);
    // cap-2's surveys go: M1 holds cap-1's alone now, M2 none (so it goes too).
    expect((await h.do({ type: 'cleanCapture', captureId: 'cap-2' })).ok).toBe(true);
    check();
    expect(reads[0]!()!.total).toBe(0);
    // A new set, received: copying.
    expect((await h.do({ type: 'insertMedia', host: 'drive-02', bays: [1], surveys: [{ flightPlanId: 'fp-2', size: 'tiny', flownOn: '2026-06-01' }] })).ok).toBe(true);
    expect((await h.do({ type: 'receiveMedia', host: 'drive-02', itemIds: ['NEW-1'] })).ok).toBe(true);
    check();
    expect(reads[1]!()!.total).toBe(1);
    // Time passes; then it is cancelled, and ejected.
    h.advance(30_000);
    await h.engine.settled();
    check();
    expect((await h.do({ type: 'cancelReceive', host: 'drive-02' })).ok).toBe(true);
    expect((await h.do({ type: 'ejectMedia', host: 'drive-02' })).ok).toBe(true);
    check();
  });
});
