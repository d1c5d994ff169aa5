/**
 * The engine worker, created once, as this module evaluates: main.tsx, the entry, imports it
 * before it fetches the app's code, so the worker starts reading the store while React and
 * Fluent load and evaluate, instead of after them (docs/views.md#the-users-path). The Trusted
 * Types policy must exist before it is created.
 */
import '../security/trustedTypes';

let worker: Worker | null = null;

export function engineWorker(): Worker {
  return (worker ??= new Worker(new URL('../../worker/main.ts', import.meta.url), { type: 'module', name: 'engine' }));
}

if (typeof window !== 'undefined' && typeof Worker === 'function') {
  engineWorker();
  // A page left for good lets its engine go at once, before the next document starts: at 100 000
  // surveys the worker holds the whole world, and its teardown beside the next page's first
  // scripts made one of them a long task (docs/views.md#the-first-look-reads-32-records).
  addEventListener('pagehide', (event) => {
    if (event.persisted) return;
    if (__TEST_CLOCK__) console.debug('[page] pagehide: the engine worker ends');
    worker?.terminate();
  });
}
