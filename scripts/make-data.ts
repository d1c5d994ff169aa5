/**
 * `npm run data`: writes public/data/all.json from the deterministic world generator. The file is
 * committed; tests check it equals a fresh generation, so rerun this after changing the generator.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateWorld } from './generate/world';
import { serialiseWorld } from './generate/serialise';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = resolve(root, 'public/data/all.json');

const started = performance.now();
const world = generateWorld();
const text = serialiseWorld(world);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, text);
const ms = Math.round(performance.now() - started);
const counts = Object.entries(world.ids)
  .map(([kind, ids]) => `${ids.length} ${kind}`)
  .join(', ');
console.log(`all.json: ${counts}; ${(text.length / 1024).toFixed(0)} kB in ${ms} ms`);
