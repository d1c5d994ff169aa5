/// <reference lib="dom" />
/**
 * `npm run bench:browser`'s media filters (issue 36, docs/views.md#the-media-filters): on /media,
 * a filter change as the back button or a link makes it (the URL's query changes; the page asks
 * the worker for the new filter), timed from the change to the first frame painted after the
 * page shows the new answer (its count, and its first rows), with the long tasks of the page
 * from the change to a second after. Filters alternate with none, so each answer's count
 * differs from the one before, which is how the page is seen to have the new answer.
 */
import type { Page } from 'playwright';
import type { World } from '../worker/engine/world';

export interface FilterPaint {
  query: string;
  paintedMs: number;
  longTasks: number[];
}

/** Filter queries of every kind and some together, from what the world holds. */
export function filterQueries(world: World): string[] {
  const captures = world.ids.captures.map((id) => world.index.captures[id]!);
  const seasons = [...new Set(captures.map((c) => c.season))];
  const days = world.ids.media.map((id) => world.index.media[id]!.receivedOn).filter((d): d is string => d !== null).sort();
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
  return [
    q({ status: 'received' }),
    q({ season: seasons[0]! }),
    q({ from: days[Math.floor(days.length * 0.4)]!, to: days[Math.floor(days.length * 0.6)]! }),
    q({ project: world.ids.projects[0]! }),
    q({ cpid: captures[Math.floor(captures.length / 3)]!.cpid.slice(0, 5) }),
    q({ status: 'received', season: seasons[1] ?? seasons[0]! }),
    q({ status: 'cancelled' }),
    q({ season: seasons[seasons.length - 1]!, cpid: captures[0]!.cpid.slice(0, 3) }),
  ];
}

/**
 * Each filter, then none again, each change timed to its painted answer, `rounds` times over
 * (BENCH_FILTER_ROUNDS). The page is on /media.
 */
export async function mediaFilterPaints(page: Page, queries: readonly string[], rounds = Number(process.env.BENCH_FILTER_ROUNDS ?? 1)): Promise<FilterPaint[]> {
  const out: FilterPaint[] = [];
  for (const query of Array.from({ length: rounds }, () => queries.flatMap((q) => [q, ''])).flat()) {
    const paintedMs = await page.evaluate(
      (search) =>
        new Promise<number>((resolve, reject) => {
          const status = () => document.querySelector('[role="group"][aria-label="Media filters"] [role="status"]')?.textContent ?? '';
          const before = status();
          (window as unknown as { __longTasks: unknown[] }).__longTasks.length = 0;
          const t0 = performance.now();
          history.pushState(null, '', search ? `/media?${search}` : '/media');
          dispatchEvent(new PopStateEvent('popstate'));
          const give = setTimeout(() => reject(new Error(`no new answer for ${search || 'no filter'}`)), 30_000);
          const check = () => {
            const now = status();
            const drawn = document.querySelector('table[aria-label="Media"] tbody tr[data-media-id], table[aria-label="Media"] tbody td[colspan]');
            if (now === before || now.startsWith('Counting') || !drawn) return void requestAnimationFrame(check);
            // The answer is in the document: the next frame paints it.
            requestAnimationFrame(() => {
              clearTimeout(give);
              resolve(performance.now() - t0);
            });
          };
          requestAnimationFrame(check);
        }),
      query,
    );
    await page.waitForTimeout(1000);
    const longTasks = await page.evaluate(() => (window as unknown as { __longTasks: [number, number][] }).__longTasks.map((t) => t[1]));
    out.push({ query: query || '(none)', paintedMs, longTasks });
  }
  return out;
}
