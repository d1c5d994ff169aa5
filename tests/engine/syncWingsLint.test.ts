/**
 * The lint keeps sync's wings apart (issue 51, docs/sync.md#the-wings): shown once, on a module
 * written for the test into sync/in that imports from sync/out, which dependency-cruiser refuses
 * by the rule `sync-in-and-out-apart`. One run of the lint on one module (`--max-depth 1`): a few seconds.
 */
import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

const run = promisify(execFile);
/** Removed after each test: a module of the test's, never of the console's. */
const PROBE = 'worker/sync/in/lintProbe.test-only.ts';

async function lint(source: string): Promise<{ failed: boolean; said: string }> {
  writeFileSync(PROBE, source);
  try {
    const { stdout } = await run('npx', ['depcruise', PROBE, '--config', '.dependency-cruiser.cjs', '--output-type', 'err', '--max-depth', '1']);
    return { failed: false, said: stdout };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return { failed: true, said: `${stdout}${stderr}` };
  }
}

describe("the lint of sync's wings", () => {
  afterEach(() => rmSync(PROBE, { force: true }));

  it('refuses an import from sync/in into sync/out', async () => {
    const across = await lint("import { drainStored } from '../out/drainer';\nexport const probe = drainStored;\n");
    expect(across.failed).toBe(true);
    expect(across.said).toMatch(/sync-in-and-out-apart: worker\/sync\/in\/lintProbe\.test-only\.ts → worker\/sync\/out\/drainer\.ts/);
  }, 60_000);
});
