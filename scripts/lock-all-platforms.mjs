#!/usr/bin/env node
/**
 * Completes package-lock.json with the platform packages of rollup that `npm install` drops on
 * Linux (issue 13): without them `npm ci` refuses the lockfile as "not in sync". The registry this
 * project installs from serves only the Linux builds, so each entry carries version, os, cpu and
 * libc (what npm needs to skip it here and fetch it elsewhere) and no integrity: npm records the
 * integrity the first time a machine of that platform installs it. Run after any `npm install`
 * that changes rollup's version: `node scripts/lock-all-platforms.mjs`.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const CPU = { arm: 'arm', 'arm-eabi': 'arm', arm64: 'arm64', x64: 'x64', ia32: 'ia32', loong64: 'loong64', ppc64: 'ppc64', riscv64: 'riscv64', s390x: 's390x' };

/** "@rollup/rollup-linux-arm64-musl" → { os: linux, cpu: arm64, libc: musl } */
function platformOf(name) {
  const [os, cpuPart, abi] = name.replace(/^@rollup\/rollup-/, '').split('-');
  const cpu = CPU[cpuPart] ?? CPU[`${cpuPart}-${abi}`];
  if (!cpu) throw new Error(`unknown cpu in ${name}`);
  const libc = os !== 'linux' ? undefined : abi?.startsWith('musl') ? 'musl' : 'glibc';
  return { os, cpu, libc };
}

let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  if (!path.endsWith('node_modules/rollup') || !entry.optionalDependencies) continue;
  const base = path.slice(0, -'rollup'.length);
  for (const [name, version] of Object.entries(entry.optionalDependencies)) {
    if (!name.startsWith('@rollup/rollup-') || lock.packages[base + name]) continue;
    const { os, cpu, libc } = platformOf(name);
    lock.packages[base + name] = {
      version,
      cpu: [cpu],
      ...(entry.dev ? { dev: true } : {}),
      ...(libc ? { libc: [libc] } : {}),
      license: 'MIT',
      optional: true,
      os: [os],
    };
    added++;
  }
}
// npm keeps packages sorted by path; so do we, so a later `npm install` makes no spurious diff.
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)));
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform package(s) added`);
