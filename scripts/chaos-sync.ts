/**
 * `npm run chaos:sync -- --steps 100000`: the team under random schedules (issue 49,
 * docs/sync.md#the-team-under-random-schedules) for as long as asked, outside the test runner,
 * printing its figures as it goes and at the end: steps, runs, joins, server restarts, conflicts
 * met, quiet points and how long each took to settle. `--seed N --path P` replays a failure
 * (printed with its steps, shrunk); `--schedule "join(1),act(0, {…}),quiet" --size 4` replays the
 * steps a failure printed, as they are. Exits 1 on a failure.
 *
 * A long run goes in parts of `--part` steps (5 000), each in a process of its own, one after
 * another: one process keeps what each run's memory databases and servers leave (PouchDB's caches,
 * express-pouchdb's plugins), and went at a third of its first pace by 30 000 steps
 * (docs/sync-log.md#the-team-under-random-schedules-run-long). Every run draws seeds of its own anyway.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { chaos, noFigures, replay, type ChaosFigures } from '../tests/helpers/teamChaos';
import { isCutSyncRequest } from './cutSyncRequest';

// PouchDB's own uncaught info() request, cut by a server the run restarts (scripts/cutSyncRequest.ts).
process.on('unhandledRejection', (error) => {
  if (isCutSyncRequest(error)) return;
  throw error;
});

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const steps = Number(option('steps') ?? 10_000);
const part = Number(option('part') ?? 5_000);
const seed = option('seed');
if (!Number.isInteger(steps) || steps < 1 || !Number.isInteger(part) || part < 1) {
  console.error('--steps and --part take a whole number of steps, such as --steps 100000');
  process.exit(2);
}
/** A part of a long run: its figures go to the run that started it, one line of JSON each. */
const isPart = process.argv.includes('--as-part');

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

function said(f: ChaosFigures, ms: number): string {
  const settle = [...f.settle].sort((a, b) => a - b);
  return `${f.steps} steps in ${f.runs} runs (${(ms / 1000).toFixed(0)} s): ${f.joins} joins, ${f.restarts} server restarts, ${f.conflicts} conflicts standing at the end of runs, ${f.quiets} quiet points settled in p50 ${percentile(settle, 0.5)} ms, p95 ${percentile(settle, 0.95)} ms, worst ${settle.at(-1) ?? 0} ms`;
}

const schedule = option('schedule');
if (schedule !== undefined) {
  // A schedule as a failure printed it, replayed as it is (no drawing, no shrinking).
  const size = Number(option('size') ?? 3);
  try {
    await replay(schedule, size);
    console.log(`the schedule held, with ${size} laptops`);
    process.exit(0);
  } catch (error) {
    console.error(`the schedule failed, with ${size} laptops: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

const started = Date.now();

/** The figures of two stretches of a run, added. */
function added(a: ChaosFigures, b: ChaosFigures): ChaosFigures {
  return { runs: a.runs + b.runs, steps: a.steps + b.steps, joins: a.joins + b.joins, restarts: a.restarts + b.restarts, conflicts: a.conflicts + b.conflicts, quiets: a.quiets + b.quiets, settle: [...a.settle, ...b.settle] };
}

/** Runs one part in a process of its own, telling its figures as they come; its figures at the end, or null if it failed. */
function runPart(partSteps: number, before: ChaosFigures): Promise<ChaosFigures | null> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--steps', String(partSteps), '--as-part'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let last: ChaosFigures | null = null;
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (!line.startsWith('{')) return void console.log(line);
    last = JSON.parse(line) as ChaosFigures;
    console.log(said(added(before, last), Date.now() - started));
  });
  return new Promise((done) => child.on('close', (code) => done(code === 0 ? last : null)));
}

if (!isPart && seed === undefined && steps > part) {
  let figures = noFigures();
  for (let n = 1; figures.steps < steps; n++) {
    const done = await runPart(Math.min(part, steps - figures.steps), figures);
    if (!done) {
      console.error(`part ${n} failed, after ${figures.steps} steps of the earlier parts held`);
      process.exit(1);
    }
    figures = added(figures, done);
  }
  console.log(`done: ${said(figures, Date.now() - started)}`);
  process.exit(0);
}

let lastReport = 0;
try {
  const figures = await chaos({
    steps,
    ...(seed !== undefined ? { seed: Number(seed), path: option('path') } : {}),
    report: (f) => {
      if (f.steps - lastReport < 1_000) return;
      lastReport = f.steps;
      console.log(isPart ? JSON.stringify(f) : said(f, Date.now() - started));
    },
  });
  console.log(isPart ? JSON.stringify(figures) : `done: ${said(figures, Date.now() - started)}`);
  // A laptop's replication cancelled at the end may keep a retry's timer: the run is over.
  process.exit(0);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  // fast-check's report names the steps; what failed at them is its cause.
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause) console.error(`What failed: ${cause instanceof Error ? cause.message : String(cause)}`);
  process.exit(1);
}
