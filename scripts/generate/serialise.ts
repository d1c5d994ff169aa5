/**
 * How all.json is written: one entity per line, so the committed file stays small (no deep
 * indentation) yet a regeneration shows up in git as readable per-entity diffs.
 */
import type { DataFile } from '../../worker/domain/types';

export function serialiseWorld(world: DataFile): string {
  const kinds = Object.keys(world.index) as (keyof DataFile['index'])[];
  const block = (kind: keyof DataFile['index']) => {
    const entries = Object.entries(world.index[kind]).map(([id, e]) => `    ${JSON.stringify(id)}: ${JSON.stringify(e)}`);
    return `  ${JSON.stringify(kind)}: {\n${entries.join(',\n')}\n  }`;
  };
  const ids = kinds.map((k) => `  ${JSON.stringify(k)}: ${JSON.stringify(world.ids[k])}`);
  return `{\n"version": ${world.version},\n"index": {\n${kinds.map(block).join(',\n')}\n},\n"ids": {\n${ids.join(',\n')}\n}\n}\n`;
}
