/**
 * `npm run bench`'s media filters (issue 36, docs/views.md#the-media-filters): at the world's size,
 * how long a filter change takes the worker from the page's open of the new spec to its answer's
 * page event (the first 150 matching sets, as rows), for filters of every kind and their
 * combinations, each asked for the first time (nothing kept for it); and what answering an open
 * filtered /media again costs after a change (every tick that moves a survey answers it again):
 * its kept sets spare the scan.
 */
import type { Engine } from '../worker/engine/engine';
import type { Leader } from '../worker/leader';
import { NO_MEDIA_FILTER, type MediaFilter } from '../worker/domain/mediaFilter';
import type { Id } from '../worker/domain/types';
import type { PageEventBody } from '../worker/api';
import { CaptureOrder } from '../worker/views/captureOrder';
import { MediaSelection } from '../worker/views/mediaFilter';
import { VIEWS } from '../worker/views/table';

export interface FilterFigures {
  media: number;
  /** the media view's first answer, no filter set: its index is made then, ms */
  first: number;
  /** each filter's answer, ms, in the order asked */
  answers: { filter: string; ms: number; total: number }[];
  /** answering a filtered /media again with its sets kept, ms */
  again: number[];
}

const BENCH_PERSON = 'bench.person@aerial.example';

/** Filters of every kind alone, then together, each new to the worker (its own received-from day). */
function filtersOf(engine: Engine): { name: string; filter: MediaFilter }[] {
  const w = engine.world;
  const captures = w.ids.captures.map((id) => w.index.captures[id]!);
  const seasons = [...new Set(captures.map((c) => c.season))];
  const projects = w.ids.projects;
  const cpid = captures[Math.floor(captures.length / 3)]!.cpid;
  const days = w.ids.media.map((id) => w.index.media[id]!.receivedOn).filter((d): d is string => d !== null).sort();
  const day = (f: number) => days[Math.floor(days.length * f)]!;
  const one = (name: string, change: Partial<MediaFilter>) => ({ name, filter: { ...NO_MEDIA_FILTER, ...change } });
  const out = [
    one('status received', { status: 'received' }),
    one('status copying', { status: 'copying' }),
    one('status cancelled', { status: 'cancelled' }),
    one('season', { season: seasons[0]! }),
    one('another season', { season: seasons[seasons.length - 1]! }),
    one('received range', { receivedFrom: day(0.4), receivedTo: day(0.6) }),
    one('project', { projectId: projects[0]! }),
    one('capture id, part of one', { cpid: cpid.slice(0, 5).toLowerCase() }),
    one('capture id, whole', { cpid }),
    one('capture id, no match', { cpid: 'zz-none' }),
    one('My favorites', { starredBy: BENCH_PERSON }),
    one('status + season', { status: 'received', season: seasons[1] ?? seasons[0]! }),
    one('status + season + range + project', { status: 'received', season: seasons[0]!, receivedFrom: day(0.1), receivedTo: day(0.9), projectId: projects[1] ?? projects[0]! }),
    one('all seven', { status: 'received', season: seasons[0]!, receivedFrom: day(0.05), receivedTo: day(0.95), projectId: projects[0]!, cpid: cpid.slice(0, 3), starredBy: BENCH_PERSON }),
  ];
  // The same filters again at other days: every one new to the worker, so each answer scans.
  const again = out.map(({ name, filter }, i) => ({ name: `${name} (again, new)`, filter: { ...filter, receivedFrom: filter.receivedFrom ?? day(0.001 * (i + 1)) } }));
  return [...out, ...again];
}

/** The total a view's latest answer in `events` says, or undefined if none was answered. */
function answeredTotal(events: readonly PageEventBody[], view: number): number | undefined {
  for (let i = events.length - 1; i >= 0; i--) {
    const update = events[i]!.views?.[view];
    if (update && 'answer' in update) return (update.answer as { total: number }).total;
  }
  return undefined;
}

export function measureMediaFilters(engine: Engine, leader: Leader, events: PageEventBody[]): FilterFigures {
  const w = engine.world;
  // A person with 200 stars on media sets, for My favorites.
  for (let i = 0; i < w.ids.media.length && i < 200 * 97; i += 97) w.favourites.set({ email: BENCH_PERSON, kind: 'media', id: w.ids.media[i] as Id }, true);
  w.favourites.take();
  const answers: FilterFigures['answers'] = [];
  let view = 100;
  // A person opens /media: the first answer makes the index every filter change reads.
  const t0 = performance.now();
  leader.openView('bench-media', view, { view: 'media', filter: NO_MEDIA_FILTER });
  const first = performance.now() - t0;
  for (const { name, filter } of filtersOf(engine)) {
    const t = performance.now();
    leader.openView('bench-media', ++view, { view: 'media', filter });
    const ms = performance.now() - t;
    const total = answeredTotal(events, view);
    if (total === undefined) throw new Error(`the media view was not answered for ${name}`);
    answers.push({ filter: name, ms, total });
    leader.closeView('bench-media', view);
  }
  // An open filtered /media answered again, as after each tick that moves a survey: its sets kept.
  const ctx = { world: w, captureOrder: new CaptureOrder(w), mediaSelection: new MediaSelection(w) };
  const spec = { filter: { ...NO_MEDIA_FILTER, status: 'received' as const, season: w.index.captures[w.ids.captures[0]!]!.season } };
  VIEWS.media.answer(ctx, spec);
  const again: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    VIEWS.media.answer(ctx, spec);
    again.push(performance.now() - t);
  }
  leader.closeView('bench-media', 100);
  return { media: w.ids.media.length, first, answers, again };
}
