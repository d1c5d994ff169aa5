/**
 * What `npm run bench` can show of where the engine's time and memory go, when asked
 * (docs/engine.md#what-that-heap-holds): a profile of the timed actions, and how long a full
 * collection of a heap takes. Neither runs unless its variable is set, and neither is timed.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import v8 from 'node:v8';

/**
 * Starts a CPU profile (sampled every 100 µs), or with `allocations` a sampling of what is
 * allocated (every 4 kB, collected objects included); the function it answers writes it to `file`.
 */
export async function startProfile(allocations: boolean): Promise<(file: string) => Promise<void>> {
  const session = new Session();
  session.connect();
  if (allocations) {
    await session.post('HeapProfiler.enable');
    await session.post('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  } else {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
  }
  return async (file) => {
    const { profile } = allocations ? await session.post('HeapProfiler.stopSampling') : await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}

/** Three full collections one after the other, timed, and what the heap holds after them. */
export function fullCollections(collect: () => void): string {
  const took: string[] = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    collect();
    took.push((performance.now() - t).toFixed(0));
  }
  return `${took.join(' / ')} ms, ${(v8.getHeapStatistics().used_heap_size / 1e6).toFixed(0)} MB held`;
}
