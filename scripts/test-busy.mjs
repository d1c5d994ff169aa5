#!/usr/bin/env node
/**
 * `npm run test:busy`: the whole `npm test` with one CPU kept busy beside it, as on a laptop doing
 * something else (issue 18, docs/testing.md). A test that passes alone and fails here waits on
 * time rather than on an event. The hog is `stress-ng --cpu 1` when stress-ng is on the PATH,
 * otherwise a busy loop on one Node worker thread; it is stopped as soon as the tests end. Exits
 * with npm test's exit code and prints how many minutes it took.
 *
 * No dependencies: Node's child_process, fs, os, path and worker_threads only.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { constants as os } from 'node:os';
import { delimiter, join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** Far longer than any run: the hog is stopped when the tests end, not by its own timer. */
const HOG_TIMEOUT = '6h';

/** The path of an executable on the PATH, or null. */
function onPath(command) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const file = join(dir, command);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return null;
}

/** A busy loop on one worker thread of this process. */
function threadHog() {
  const worker = new Worker('for (;;) {}', { eval: true });
  worker.unref();
  return { name: 'a Node worker thread busy loop', stop: () => void worker.terminate() };
}

/** stress-ng on one CPU, in a process group of its own (its stressors are its children). */
function stressNg(path) {
  const child = spawn(path, ['--cpu', '1', '--timeout', HOG_TIMEOUT, '--quiet'], { stdio: 'ignore', detached: true });
  child.unref();
  let running = true;
  child.on('exit', () => (running = false));
  return {
    name: 'stress-ng --cpu 1',
    child,
    stop: () => {
      if (!running || child.pid === undefined) return;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    },
  };
}

function startHog() {
  const path = onPath('stress-ng');
  if (!path) return threadHog();
  const hog = stressNg(path);
  // stress-ng on the PATH but not starting: the thread does the work instead.
  hog.child.on('error', (error) => {
    console.error(`test:busy: stress-ng did not start (${error.message}); a worker thread keeps a CPU busy instead`);
    const fallback = threadHog();
    hog.name = fallback.name;
    hog.stop = fallback.stop;
  });
  return hog;
}

const started = Date.now();
const hog = startHog();
console.log(`test:busy: npm test beside ${hog.name}`);

// Under `npm run`, npm_execpath is npm's own script: the same npm runs the tests, on any platform.
const npm = process.env.npm_execpath;
const tests = npm ? spawn(process.execPath, [npm, 'test'], { stdio: 'inherit' }) : spawn('npm', ['test'], { stdio: 'inherit', shell: process.platform === 'win32' });

let finished = false;
const finish = (code) => {
  if (finished) return;
  finished = true;
  hog.stop();
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(`test:busy: npm test exited with ${code} after ${minutes} min beside ${hog.name}`);
  process.exit(code);
};

tests.on('error', (error) => {
  console.error(`test:busy: npm test did not start: ${error.message}`);
  finish(1);
});
tests.on('exit', (code, signal) => finish(code ?? 128 + (os.signals[signal] ?? 0)));

// Ctrl-C reaches npm test through the terminal; the hog, in a group of its own, is stopped here.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    hog.stop();
    tests.kill(signal);
  });
}
// However this process ends, the hog does not outlive it.
process.on('exit', () => hog.stop());
