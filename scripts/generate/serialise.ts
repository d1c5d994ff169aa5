/**
 * How all.json is written: one entity per line, so the committed file stays small (no deep
 * indentation) yet a regeneration shows up in git as readable per-entity diffs.
 */
import type { DataFile } from '../../worker/domain/dataFile';

/**
 * The QC review's fields (issue 8: frame flags, reject reason) are empty in the sample and
 * restore() defaults them, so the file leaves them out rather than repeat them 400 times.
 */
function omitQcReview(key: string, value: unknown): unknown {
  if (key === 'frameFlags' && Array.isArray(value) && value.length === 0) return undefined;
  if (key === 'rejectReason' && value === '') return undefined;
  return value;
}

export function serialiseWorld(world: DataFile): string {
  const kinds = Object.keys(world.index) as (keyof DataFile['index'])[];
  const block = (kind: keyof DataFile['index']) => {
    const entries = Object.entries(world.index[kind]).map(([id, e]) => `    ${JSON.stringify(id)}: ${JSON.stringify(e, omitQcReview)}`);
    return `  ${JSON.stringify(kind)}: {\n${entries.join(',\n')}\n  }`;
  };
  const ids = kinds.map((k) => `  ${JSON.stringify(k)}: ${JSON.stringify(world.ids[k])}`);
  // A generated past (the benchmark's worlds, docs/history.md): one entry a line.
  const history = world.history
    ? `,\n"history": {"since": ${world.history.since}, "origin": ${JSON.stringify(world.history.origin)}, "entries": [\n${(world.history.entries ?? []).map((e) => `  ${JSON.stringify(e)}`).join(',\n')}\n]}`
    : '';
  return `{\n"version": ${world.version},\n"index": {\n${kinds.map(block).join(',\n')}\n},\n"ids": {\n${ids.join(',\n')}\n}${history}\n}\n`;
}
