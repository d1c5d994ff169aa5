/**
 * `npx tsx scripts/benchSearchBuild.ts`: the search index's build over a 100 000-survey world, task
 * by task as `LiveSearch` runs it (docs/views.md#what-was-fixed): how long its longest task holds
 * the engine's thread, and its whole work. Three runs; EACH=1 prints every task's time.
 */
import { generateWorld } from './generate/world';
import { restore } from '../worker/domain/restore';
import { World } from '../worker/engine/world';
import { SearchIndex } from '../worker/engine/search';
import { IndexBuild } from '../worker/engine/searchBuild';

/** As `LiveSearch` asks of each task. */
const SLICE = 2_500;

const data = generateWorld({ surveys: Number(process.env.BENCH_SURVEYS ?? 100_000), activeWorkflows: 1000, history: false });
const restored = restore(data, Date.now(), { source: 'generated world' });
if (!restored.ok) throw new Error(restored.error);
const world = new World();
world.load(restored.db);
const timed = (fn: () => unknown): number => {
  const t = performance.now();
  fn();
  return performance.now() - t;
};
for (let run = 0; run < 3; run++) {
  let build: IndexBuild | null = null;
  const tasks = [timed(() => (build = new IndexBuild(world)))];
  let whole = false;
  while (!whole) tasks.push(timed(() => (whole = build!.step(SLICE))));
  tasks.push(timed(() => new SearchIndex(() => world).adopt(build!)));
  const sorted = [...tasks].sort((a, b) => a - b);
  if (process.env.EACH) console.log(tasks.map((x) => x.toFixed(1)).join(' '));
  const total = tasks.reduce((sum, x) => sum + x, 0);
  console.log(`run ${run + 1}: ${tasks.length} tasks, ${total.toFixed(0)} ms in all; longest ${sorted.at(-1)!.toFixed(1)} ms, median ${sorted[tasks.length >> 1]!.toFixed(1)} ms`);
}
