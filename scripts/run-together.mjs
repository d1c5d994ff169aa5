#!/usr/bin/env node
/**
 * `node scripts/run-together.mjs lint typecheck`: runs those npm scripts at once, each on a core of
 * its own (eslint and tsc use one each, and the test machine has two), and prints each one's output
 * whole when it ends, never interleaved. Exits with the first failure's code once all have ended,
 * so every failing check is shown in one run (docs/testing.md#how-to-run-them).
 *
 * No dependencies: Node's child_process only.
 */
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (!names.length) {
  console.error('usage: node scripts/run-together.mjs <npm script> [<npm script> …]');
  process.exit(2);
}

/** Runs `npm run <name>`, keeping what it writes; answers its exit code and that output. */
function run(name) {
  return new Promise((done) => {
    const started = Date.now();
    const child = spawn('npm', ['run', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${String(error)}\n`)));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const status = code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`;
      process.stdout.write(`── npm run ${name}: ${status} in ${seconds} s\n${Buffer.concat(output).toString()}`);
      done(code ?? 1);
    });
  });
}

const codes = await Promise.all(names.map(run));
process.exit(codes.find((code) => code !== 0) ?? 0);
