/**
 * `npm run bench`: the engine's numbers beside their budgets (docs/architecture.md#arch-budgets), as medians over
 * repeated runs. A 100 000-survey world with 1 000 active workflows comes from the data generator;
 * the engine runs in-process with a stepped clock (the worker adds only postMessage).
 * Takes about two minutes on a 2-core machine.
 *
 * To look closer (docs/engine.md#numbers): BENCH_ONLY=durable (the store, the boot and the actions
 * alone), DURABLE_TRACE=1 (each paced action's time; 2: each as it ends, beside `node --trace-gc`),
 * PACE_MS (the idle moment before each paced action, 5 ms), HEAP_GC=1 (full collections of the
 * store and of the booted engine, timed), HEAP_SNAPSHOT=file, ACTIONS_PROFILE=file (a CPU profile
 * of the timed actions; with ACTIONS_ALLOC=1, of what they allocate), BENCH_ONLY=tick (the ticks
 * alone), TICK_TRACE=1 (each timed tick and what it changed), TICKS_PROFILE=file (a CPU profile of
 * the 60 s stages' ticks).
 */
import { fork } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import v8 from 'node:v8';
import vm from 'node:vm';
import { generateWorld } from './generate/world';
import { createEngine } from '../worker/engine/engine';
import { warmRowBuckets, wholeWorldBatch } from '../worker/engine/commitRecords';
import { META_KEY, memoryStore } from '../worker/engine/store/worldStore';
import { entityKey } from '../worker/domain/names';
import { World as EngineWorld } from '../worker/engine/world';
import { restore } from '../worker/domain/restore';
import type { PageEventBody } from '../worker/api';
import type { Db } from '../worker/domain/dataFile';
import { Leader } from '../worker/leader';
import { currentStage } from '../worker/domain/workflow';
import type { World } from '../worker/engine/world';
import { enginePort } from '../worker/sync/enginePort';
import { SyncJournal } from '../worker/sync/out/journal';
import { worldDocs } from '../worker/sync/seed';
import { appendsOf } from '../worker/engine/historyBook';
import { history } from '../worker/views/history';
import type { HistoryEntry } from '../worker/domain/history';
import type { HistoryOf } from '../worker/screens';
import { measureMediaFilters } from './benchFilters';
import { roleCheck } from './benchRoles';
import { fullCollections, startProfile } from './benchProfile';

const SURVEYS = Number(process.env.BENCH_SURVEYS ?? 100_000);
const ACTIVE = Number(process.env.BENCH_ACTIVE ?? 1_000);
const RUNS = 5;
/** BENCH_SYNC=1: the same measurements with team sync on (issue 21's tick budget with sync on). */
const SYNCING = process.env.BENCH_SYNC === '1';
const TICKS_PER_RUN = 120;

v8.setFlagsFromString('--expose-gc');
/** A full collection between runs, so one run's garbage is not charged to the next one's ticks. */
const collectGarbage = vm.runInNewContext('gc') as () => void;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : NaN;
};
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! : NaN;
};
const time = (fn: () => void) => {
  const t = performance.now();
  fn();
  return performance.now() - t;
};
const rows: [string, string, string, string][] = [];
const row = (what: string, value: string, budget: string, verdict: boolean | null) =>
  rows.push([what, value, budget, verdict === null ? '' : verdict ? 'ok' : 'OVER']);
const ms = (x: number) => `${x.toFixed(x < 10 ? 3 : 1)} ms`;

function log(text: string) {
  process.stdout.write(`${text}\n`);
}

/**
 * The generated world places its working stages at random progress with 60 s stages, so most end
 * within the first minute and a long run would measure an idle clock. Each run re-places the
 * active workflows at a spread of progress with stages of `minS` to `maxS` simulated seconds, so
 * the run sees about 1 000 of them working: a few completing (the next automatic stage starts) and
 * the rest reporting progress.
 */
function place(w: World, ids: Record<'surveys' | 'media' | 'captures', string[]>, now: number, minS: number, maxS: number, run: number): void {
  let i = run * 1000;
  for (const kind of ['surveys', 'media', 'captures'] as const) {
    for (const id of ids[kind]) {
      const stage = currentStage(w.index[kind][id]!.workflow);
      i++;
      stage.durationS = minS + ((i * 7919) % (maxS - minS + 1));
      const span = stage.durationS * 1000;
      stage.startedAt = now - (((i * 104_729) % 90) / 100) * span;
      stage.expectedEndAt = stage.startedAt + span;
    }
  }
}

const activeCount = (w: World) => w.active.of('surveys').count + w.active.of('media').count + w.active.of('captures').count;

/** The active set of the world as generated, kept for every run. */
function activeIds(w: World): Record<'surveys' | 'media' | 'captures', string[]> {
  const of = (kind: 'surveys' | 'media' | 'captures') => [...w.active.of(kind).activeIds()];
  return { surveys: of('surveys'), media: of('media'), captures: of('captures') };
}

/**
 * The live engine's numbers: ticks, media filters, search and history. Its world is handed back
 * as the durable commits' world, and the rest of what it built goes with its scope: a heap three
 * times the worker's (the generated world, its restored copy, a seed world beside the engine's,
 * 2.1 GB at 100 000 surveys against the worker's 0.8 GB) made every young collection during the
 * timed actions 10–20 ms instead of 6.
 */
async function live(): Promise<{ db: Db; past: HistoryEntry[] } | null> {
  log(`Load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} cores (other processes skew the p95s).`);
  log(`Building a world of ${SURVEYS.toLocaleString('en')} surveys with ${ACTIVE} active workflows…`);
  let now = Date.now();
  const clock = { now: () => now, every: () => () => {}, after: () => () => {} };
  const store = memoryStore({ serialised: true });
  const engine = createEngine({ clock, store, loadText: async () => '' });
  let past: HistoryEntry[] = [];
  // As in the worker: the views are answered where the world is, and a page has the capture table
  // open (a window of 60 rows): a tick's cost includes answering it, its size is the page event's.
  const events: PageEventBody[] = [];
  const leader = new Leader(engine, (_tab, body) => events.push(body));
  // In a function of its own, so the generated copy is garbage once the engine holds its world.
  const build = () => {
    let t = performance.now();
    // With a past (issue 34): about 8 history entries a survey, kept in the store as a commit keeps them.
    const data = generateWorld({ surveys: SURVEYS, activeWorkflows: ACTIVE, history: true });
    log(`  generated in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    t = performance.now();
    const restored = restore(data, now, { source: 'generated world' });
    if (!restored.ok) throw new Error(restored.error);
    past = restored.db.history?.entries ?? [];
    engine.loadWorld(restored.db);
    log(`  restored and indexed in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  build();
  await store.commit({ put: [], del: [], history: appendsOf(past) });
  log(`  history: ${past.length.toLocaleString('en')} entries (${(past.length / SURVEYS).toFixed(1)} a survey)`);
  if (SYNCING) {
    // Team sync on (docs/sync.md#the-journal): every document held, as after a join; each tick
    // moves the held contents of what time moved on.
    const { held } = worldDocs(engine.world.toDb(now), engine.world.flags.speed);
    engine.attachSync(enginePort(new SyncJournal('bench', held)));
    log(`  team sync on: ${held.size.toLocaleString('en')} documents held`);
  }
  // The search index of a new world is built at the first query (or a tick after boot): not a keystroke's cost.
  await engine.search('warm-up');
  collectGarbage();
  const w = engine.world;
  const initial = activeIds(w);
  const world0 = structuredClone({ s: initial.surveys.map((id) => w.index.surveys[id]!.workflow), m: initial.media.map((id) => w.index.media[id]!.workflow), c: initial.captures.map((id) => w.index.captures[id]!.workflow) });
  const entities = Object.values(w.ids).reduce((n, ids) => n + ids.length, 0);
  log(`  ${entities.toLocaleString('en')} entities; active workflows: surveys ${w.active.of('surveys').count}, media ${w.active.of('media').count}, captures ${w.active.of('captures').count}`);

  const filters = () => {
    const figures = measureMediaFilters(engine, leader, events);
    const ms_ = figures.answers.map((a) => a.ms);
    for (const a of figures.answers) log(`  media filter ${a.filter}: ${a.total.toLocaleString('en')} of ${figures.media.toLocaleString('en')} sets, answered in ${ms(a.ms)}`);
    row(`media view's first answer, its filters' index made (${figures.media.toLocaleString('en')} media sets)`, ms(figures.first), '—', null);
    row(`media filter change → first rows answered, median (${figures.media.toLocaleString('en')} media sets)`, ms(median(ms_)), '≤ 50 ms', median(ms_) <= 50);
    row('media filter change → first rows answered, worst', ms(Math.max(...ms_)), '≤ 50 ms', Math.max(...ms_) <= 50);
    row('an open filtered /media answered again after a change, median (its sets kept)', ms(median(figures.again)), '—', null);
  };
  const role = roleCheck(w);
  row(role.what, ms(role.p95), '≤ 0.5 ms', role.p95 <= 0.5);
  if (process.env.BENCH_ONLY === 'filters') {
    filters();
    return null;
  }
  // The store, the boot and the actions alone, without the ticks, searches and filters before
  // them (docs/engine.md#action--durable-a-persons-pace-and-just-after-the-boot).
  if (process.env.BENCH_ONLY === 'durable') {
    await engine.settled();
    engine.stop();
    return { db: w.toDb(), past };
  }


  // ── Tick ──────────────────────────────────────────────────────────────────────────────────
  leader.openView('bench', 1, { view: 'captures', by: 'lastReceivedOn', dir: 'desc', stage: null, starredBy: null, start: 0, count: 60 });
  const scenarios: [string, number, number, number][] = [
    ['stages of 10–60 min', 600, 3600, TICKS_PER_RUN],
    ['stages of 60 s (every workflow moves 1 % a tick)', 60, 60, 20],
  ];
  const traced: string[] = [];
  if (process.env.TICK_TRACE) engine.changes.on((c) => traced.push([...c.changed].map(([k, ids]) => `${k}:${ids.size}`).join(',')));
  for (const [label, minS, maxS, ticks] of scenarios) {
    const p50s: number[] = [];
    const p95s: number[] = [];
    const cpu95s: number[] = [];
    const bytes: number[] = [];
    const activeSeen: number[] = [];
    const profiling = process.env.TICKS_PROFILE && minS === 60 ? await startProfile(process.env.ACTIONS_ALLOC === '1') : null;
    for (let run = 0; run < RUNS; run++) {
      // Back to the generated world's active workflows, then placed for this scenario.
      initial.surveys.forEach((id, i) => (w.index.surveys[id]!.workflow = structuredClone(world0.s[i]!)));
      initial.media.forEach((id, i) => (w.index.media[id]!.workflow = structuredClone(world0.m[i]!)));
      initial.captures.forEach((id, i) => (w.index.captures[id]!.workflow = structuredClone(world0.c[i]!)));
      // Every workflow active now or at first is looked at again by the next commit.
      for (const kind of ['surveys', 'media', 'captures'] as const) {
        for (const id of [...w.active.of(kind).activeIds(), ...initial[kind]]) w.touch(kind, id);
      }
      // (The next tick's commit reads them; its step may still see the last run's figures: unmeasured.)
      place(w, initial, now, minS, maxS, run);
      // A collection left over from building the run would land in a measured tick; and the
      // sweeping that follows a full one runs on other threads, which a tick's CPU time counts.
      collectGarbage();
      await new Promise((resolve) => setTimeout(resolve, 500));
      // Unmeasured ticks settle the re-placed views (and, in the first run, warm the JIT up).
      for (let k = 0; k < (run === 0 ? 20 : 1); k++) {
        now += 500;
        engine.tick();
      }
      const durations: number[] = [];
      const cpu: number[] = [];
      for (let i = 0; i < ticks; i++) {
        now += 500;
        events.length = 0;
        const c0 = process.cpuUsage();
        durations.push(time(() => engine.tick()));
        const c = process.cpuUsage(c0);
        if (process.env.TICK_TRACE) log(`  >>> tick, stages of ${minS}–${maxS} s, ${run}.${i} ${durations.at(-1)!.toFixed(2)} ms ${traced.splice(0).join(' ')}`);
        cpu.push((c.user + c.system) / 1000);
        bytes.push(events.reduce((n, e) => n + JSON.stringify(e).length, 0));
        // The worker is idle between ticks: the tick's write lands, and the next tick finds the
        // heap as a real one would (not every entity still in the processor's cache).
        await new Promise((resolve) => setTimeout(resolve, 5));
        activeSeen.push(activeCount(w));
      }
      p50s.push(pct(durations, 50));
      p95s.push(pct(durations, 95));
      cpu95s.push(pct(cpu, 95));
    }
    if (profiling) await profiling(process.env.TICKS_PROFILE!);
    log(`  ${label}: ${RUNS} runs of ${ticks} ticks; active workflows ${Math.min(...activeSeen)}–${Math.max(...activeSeen)}`);
    row(`tick p50, ${label}`, ms(median(p50s)), '—', null);
    row(`tick p95 wall clock, ${label}`, ms(median(p95s)), 'p95 < 2 ms', median(p95s) < 2);
    // CPU time leaves out the waits for a core that other processes cause on a loaded machine.
    row(`tick p95 CPU time, ${label}`, ms(median(cpu95s)), 'p95 < 2 ms', median(cpu95s) < 2);
    row(`event per tick median, ${label}`, `${(median(bytes) / 1000).toFixed(1)} kB`, '< 50 kB', median(bytes) < 50_000);
    row(`event per tick max, ${label}`, `${(Math.max(...bytes) / 1000).toFixed(1)} kB`, '< 50 kB', Math.max(...bytes) < 50_000);
  }

  if (process.env.BENCH_ONLY === 'tick') return null;

  // ── Search ────────────────────────────────────────────────────────────────────────────────
  const someSurvey = w.ids.surveys[Math.floor(w.ids.surveys.length / 2)]!;
  const someCapture = w.index.captures[w.ids.captures[7]!]!;
  const someMedia = Object.values(w.index.media).find((m) => m.receiveId) ?? Object.values(w.index.media)[0]!;
  const typed = [
    someSurvey.slice(0, 8),
    someCapture.cpid,
    someCapture.description.split(' ')[0] ?? 'coast',
    (someMedia.receiveId ?? someMedia.mediaId).slice(0, 10),
    'zzqx9', // no match: the worst case, a full scan
  ];
  const perKey: number[] = [];
  const perKeyCpu: number[] = [];
  for (const word of typed) {
    for (let n = 1; n <= word.length; n++) {
      const q = word.slice(0, n);
      const samples: number[] = [];
      const cpu: number[] = [];
      for (let r = 0; r < 5; r++) {
        const c0 = process.cpuUsage();
        // Awaited: the search is async, and its work may come after its first await.
        const t = performance.now();
        await engine.search(q);
        samples.push(performance.now() - t);
        const c = process.cpuUsage(c0);
        cpu.push((c.user + c.system) / 1000);
      }
      perKey.push(median(samples));
      perKeyCpu.push(median(cpu));
    }
  }
  const searchRows = (await engine.search('')).length;
  void searchRows;

  // ── Media filters (issue 36) ───────────────────────────────────────────────────────────────
  filters();
  row(`search per keystroke, median (${entities.toLocaleString('en')} entities)`, ms(median(perKey)), '< 10 ms', median(perKey) < 10);
  row('search per keystroke, p95', ms(pct(perKey, 95)), '< 10 ms', pct(perKey, 95) < 10);
  row('search per keystroke, worst', ms(Math.max(...perKey)), '< 10 ms', Math.max(...perKey) < 10);
  row('search per keystroke, worst, CPU time', ms(Math.max(...perKeyCpu)), '< 10 ms', Math.max(...perKeyCpu) < 10);

  // ── History (issue 34): a history opened cold, its records read from the store ──────────────
  const opened = async (of: HistoryOf, id: string) => {
    const t = performance.now();
    const spec = { of, id, person: null, group: null };
    let answer = history(w, engine.history, spec);
    while (answer.loading) {
      await engine.settled();
      answer = history(w, engine.history, spec);
    }
    return { took: performance.now() - t, rows: answer.rows.length };
  };
  for (const [of, ids] of [['surveys', w.ids.surveys], ['captures', w.ids.captures]] as const) {
    const took: number[] = [];
    const rowsShown: number[] = [];
    for (let i = 0; i < 40; i++) {
      const r = await opened(of, ids[Math.floor(((i * 7919) % 1000) / 1000 * ids.length)]!);
      took.push(r.took);
      rowsShown.push(r.rows);
    }
    row(`a ${of === 'surveys' ? 'survey' : 'capture'}'s history opened, median (${median(rowsShown)} entries shown)`, ms(median(took)), '≤ 100 ms', median(took) <= 100);
    row(`a ${of === 'surveys' ? 'survey' : 'capture'}'s history opened, worst of 40`, ms(Math.max(...took)), '≤ 100 ms', Math.max(...took) <= 100);
  }

  await engine.settled();
  engine.stop();
  return { db: w.toDb(), past };
}

/**
 * The durable part at 100 000 surveys in a process of its own, as the worker is after a reload: an
 * isolate that has held no other world and learnt no other world's shapes. In this one, the live
 * engine's world (built by restore(), its objects of other shapes than a boot decodes) and its
 * garbage were still in the heap, and its ticks, searches and filters had taught V8 other types
 * at the same sites: the actions took 3–7.6 ms where the same actions alone took 1.5–2.5 ms
 * (docs/engine.md#action--durable-a-persons-pace-and-just-after-the-boot).
 */
function durableApart(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [], { env: { ...process.env, BENCH_ONLY: 'durable', BENCH_APART: '1' } });
    child.on('message', (message) => rows.push(...(message as typeof rows)));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the durable part exited with ${code}`))));
  });
}

async function main() {
  const apart = process.env.BENCH_APART === '1';
  if (!process.env.BENCH_ONLY && SURVEYS > 1000) {
    // The 400-survey sample's durable part here, the 100 000 surveys' in a process of its own.
    await live();
    await durableParts(null, true);
    log('The durable part at 100 000 surveys, in a process of its own…');
    await durableApart();
    return printRows();
  }
  const lived = await live();
  if (!lived) return printRows();
  await durableParts(lived, !apart);
  if (apart) process.send!(rows, () => process.disconnect());
  else printRows();
}

/** The durable part of the world `lived` handed over, if any, and with `sample`, of the 400-survey sample's. */
async function durableParts(lived: { db: Db; past: HistoryEntry[] } | null, sample: boolean) {
  // ── Durable commits, stored form and boot ──────────────────────────────────────────────────
  // The live world is handed over once: the durable engine's store is made of it, and it goes.
  const pastOnce = { entries: lived?.past ?? [] };
  let given: Db | null = lived?.db ?? null;
  lived = null;
  const takeLived = () => {
    const db = given!;
    given = null;
    return db;
  };
  const worlds: [string, () => Db][] = given ? [[`${SURVEYS / 1000}k surveys`, takeLived]] : [];
  if (sample && existsSync('public/data/all.json')) {
    const sample = restore(readFileSync('public/data/all.json', 'utf8'), Date.now(), { source: 'all.json' });
    if (sample.ok) worlds.unshift(['400 surveys (all.json)', () => sample.db]);
  }
  for (const [label, db] of worlds) {
    const big = label !== '400 surveys (all.json)';
    const measured = await durability(label, db, Number(process.env.BENCH_DURABLE_CYCLES ?? (big ? 20 : 7)), big ? pastOnce : { entries: [] });
    row(`action → durable p50, at a person's pace (${label})`, ms(measured.p50), '—', null);
    row(`action → durable p95, the first ${measured.paced} after the boot, at a person's pace (${label})`, ms(measured.p95), 'p95 < 5 ms', measured.p95 < 5);
    row(`action → durable p95, the next ${measured.backToBack} back to back, no idle moment between (${label})`, ms(measured.backToBackP95), '—', null);
    row(`keys / bytes written per action, median (${label})`, `${measured.keys} / ${(measured.bytes / 1000).toFixed(1)} kB`, 'what the action changed', null);
    row(`keys / bytes written per tick that moves stages, median (${label})`, `${measured.tickKeys} / ${(measured.tickBytes / 1000).toFixed(1)} kB`, 'what the tick changed', null);
    row(`stored bytes per survey record, mean / max (${label})`, `${measured.surveyMean} / ${measured.surveyMax} B`, '≤ 500 B', measured.surveyMax <= 500);
    row(`stored bytes, whole store / surveys (${label})`, `${measured.perSurvey} B`, '—', null);
    if (big) row(`stored bytes of history per survey, as JSON (${label})`, `${measured.historyPerSurvey} B`, '—', null);
    row(`boot of the stored world to the capture table's first answer (first look) (${label})`, ms(measured.boot), big ? '< 1 500 ms' : '—', big ? measured.boot < 1500 : null);
    row(`boot of the stored world to the whole world loaded (${label})`, ms(measured.whole), '—', null);
  }
}

function printRows() {
  log(`Load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} at the end.`);
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i].length), ['what', 'median', 'budget', ''][i]!.length));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  log('');
  log(line(['what', 'median', 'budget', '']));
  log(line(widths.map((n) => '─'.repeat(n))));
  for (const r of rows) log(line(r));
}

/**
 * Durable commits on a world: a store holding it whole, an engine booted from that store (timed),
 * then a cycle of real actions (insert, receive, cancel, eject, flags), each timed from dispatch
 * to its answer, which comes after the commit has landed in the store.
 */
async function durability(label: string, dbOf: () => Db, cycles: number, past: { entries: HistoryEntry[] }) {
  // Held only until the store is made: then, as in the worker, the engine's world is the only one.
  let db: Db | null = dbOf();
  let seedWorld: EngineWorld | null = new EngineWorld();
  seedWorld.load(structuredClone(db));
  const store = memoryStore({ serialised: true });
  const history = appendsOf(past.entries);
  past.entries = [];
  await store.commit({ ...wholeWorldBatch(seedWorld), history });
  history.length = 0;
  const surveys = db.ids.surveys.length;
  seedWorld = null;
  db = null;
  let surveyBytes = 0;
  let surveyMax = 0;
  let total = 0;
  let historyBytes = 0;
  for (const [key, value] of store.data) {
    const n = value instanceof Uint8Array ? value.byteLength : JSON.stringify(value).length;
    total += n;
    if (key.startsWith('~history\u0000')) historyBytes += n;
    if (key.startsWith('surveys\u0000')) {
      surveyBytes += n;
      surveyMax = Math.max(surveyMax, n);
    }
  }
  collectGarbage();
  if (process.env.HEAP_GC && surveys > 1000) log(`  full collections of the store alone (${store.data.size} records): ${fullCollections(collectGarbage)}`);
  let now = Date.now();
  const clock = {
    now: () => now,
    every: () => () => {},
    after: (ms: number, fn: () => void) => {
      const t = setTimeout(fn, ms);
      return () => clearTimeout(t);
    },
  };
  // Each commit's keys are noted, and sized once the action is timed, by the bytes the store keeps
  // for them. Sizing inside the commit was timed with it; and holding the batches themselves
  // (every record of every commit, as the first version of this did) made each one outlive the
  // young collections after it, which a worker's batches never do.
  const batches: { keys: string[]; count: number }[] = [];
  const commit = store.commit.bind(store);
  store.commit = async (batch) => {
    const keys = batch.put.map((p) => entityKey(p.kind, p.id));
    if (batch.meta) keys.push(entityKey(...META_KEY));
    batches.push({ keys, count: batch.put.length + batch.del.length + (batch.meta ? 1 : 0) });
    return commit(batch);
  };
  const sized = (list: typeof batches) =>
    list.map(({ keys, count }) => {
      let bytes = 0;
      for (const key of keys) {
        const value = store.data.get(key);
        bytes += value instanceof Uint8Array ? value.byteLength : 0;
      }
      return { keys: count, bytes };
    });
  // As in the worker: a first look answers the capture table, then the rest of the world is read.
  const engine = createEngine({ clock, store, loadText: async () => '', firstLook: true });
  let answered = () => {};
  const table = new Promise<void>((r) => (answered = r));
  const leader = new Leader(engine, (_tab, body) => body.views?.[1] && 'answer' in body.views[1] && answered());
  const t0 = performance.now();
  await leader.boot('bench', { stored: { db: null, version: '45', current: null, flags: null }, readAt: 0, baseUrl: 'http://bench/' });
  leader.openView('bench', 1, { view: 'captures', by: 'lastReceivedOn', dir: 'desc', stage: null, starredBy: null, start: 0, count: 60 });
  await table;
  const boot = performance.now() - t0;
  await engine.loaded();
  if (process.env.DURABLE_TRACE) log(`  >>> whole world loaded ${performance.now().toFixed(0)}`);
  const whole = performance.now() - t0;
  // As a user finds it a moment after the boot: the clock has ticked (the stages that ended while
  // the world was read are told), and the capture rows are made (commitRecords.warmRowBuckets).
  now += 1000;
  engine.tick();
  while (!warmRowBuckets(engine.world, 0)) await new Promise((resolve) => setTimeout(resolve, 50));
  await engine.settled();
  if (process.env.HEAP_GC && surveys > 1000) log(`  full collections of the booted engine's heap: ${fullCollections(collectGarbage)}`);
  if (process.env.HEAP_SNAPSHOT && surveys > 1000) {
    collectGarbage();
    log(`  heap snapshot: ${v8.writeHeapSnapshot(process.env.HEAP_SNAPSHOT)}`);
  }
  log(`  ${label}: ${(total / 1e6).toFixed(1)} MB stored; capture table answered in ${(boot / 1000).toFixed(2)} s, whole world in ${(whole / 1000).toFixed(2)} s`);
  await engine.dispatch({ type: 'login', email: 'bench.user@aerial.example', password: 'demo' });
  if (process.env.DURABLE_TRACE) log(`  >>> actions start ${performance.now().toFixed(0)}`);
  const host = engine.world.ids.drives.find((h) => !engine.world.index.drives[h]!.mediaId);
  const plan = engine.world.ids.flightPlans[0]!;
  /**
   * The first `cycles` at a person's pace (the worker idle a moment between actions, as between
   * ticks), from just after the boot; then as many again back to back, which shows what an action
   * costs without the collector's scheduled work done between them (docs/engine.md#numbers).
   */
  const durations = { paced: [] as number[], backToBack: [] as number[] };
  let pacing: keyof typeof durations = 'paced';
  const byType = new Map<string, number[]>();
  const actionWrites: { keys: number; bytes: number }[] = [];
  const ticks: { keys: number; bytes: number }[] = [];
  batches.length = 0;
  const timed = async (action: Parameters<typeof engine.dispatch>[0]) => {
    now += 1000;
    // A person's actions are seconds apart: the worker's event loop runs its other tasks between
    // them (a young collection V8 has scheduled among them), as it does between ticks. Not seconds
    // here: on the shared machine, memory left untouched for a while is slow to touch again
    // (PACE_MS, docs/engine.md#action--durable-a-persons-pace-and-just-after-the-boot).
    if (pacing === 'paced') await new Promise((resolve) => setTimeout(resolve, Number(process.env.PACE_MS ?? 5)));
    const n = batches.length;
    const t = performance.now();
    await engine.dispatch(action);
    const took = performance.now() - t;
    durations[pacing].push(took);
    if (process.env.DURABLE_TRACE === '2') log(`  ${pacing} ${action.type} ${took.toFixed(1)} ms`);
    byType.set(action.type, [...(byType.get(action.type) ?? []), took]);
    actionWrites.push(...sized(batches.splice(n)));
  };
  const profiling = process.env.ACTIONS_PROFILE && surveys > 1000 ? await startProfile(process.env.ACTIONS_ALLOC === '1') : null;
  for (let c = 0; c < 2 * cycles && host; c++) {
    if (c === cycles) pacing = 'backToBack';
    await timed({ type: 'setFlags', flags: { projects: c % 2 === 0 } });
    await timed({ type: 'insertMedia', host, bays: [1], surveys: [{ flightPlanId: plan, size: 'tiny', flownOn: '2026-01-01' }] });
    await timed({ type: 'receiveMedia', host, itemIds: [`BENCH${c}`] });
    now += 61_000; // the copy stage ends: a tick that moves stages
    engine.tick();
    await engine.settled();
    ticks.push(...sized(batches.splice(0)));
    await timed({ type: 'cancelReceive', host });
    await timed({ type: 'ejectMedia', host });
  }
  if (process.env.DURABLE_TRACE) log(`  >>> actions end ${performance.now().toFixed(0)}`);
  if (profiling) await profiling(process.env.ACTIONS_PROFILE!);
  engine.stop();
  // Each paced action's time in order: where a run of slow ones falls (a major collection).
  if (process.env.DURABLE_TRACE) log(`  paced: ${durations.paced.map((d) => d.toFixed(1)).join(' ')}`);
  // Which action is slow, when one is: each type's median and worst.
  log(`  ${label}: ${[...byType].map(([type, xs]) => `${type} ${ms(median(xs))} / ${ms(Math.max(...xs))}`).join(', ')}`);
  return {
    whole,
    p50: pct(durations.paced, 50),
    p95: pct(durations.paced, 95),
    backToBackP95: pct(durations.backToBack, 95),
    paced: durations.paced.length,
    backToBack: durations.backToBack.length,
    keys: median(actionWrites.map((x) => x.keys)),
    bytes: median(actionWrites.map((x) => x.bytes)),
    tickKeys: median(ticks.map((x) => x.keys)),
    tickBytes: median(ticks.map((x) => x.bytes)),
    surveyMean: Math.round(surveyBytes / Math.max(1, surveys)),
    surveyMax,
    perSurvey: Math.round(total / Math.max(1, surveys)),
    historyPerSurvey: Math.round(historyBytes / Math.max(1, surveys)),
    boot,
  };
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
