/**
 * Of the documents the server refused from this laptop, those it still lacks (docs/sync.md#what-is-not-taken):
 * one a teammate gave it since (its author, sending again what a restored server lost) is no
 * longer refused. Every live version the laptop holds is asked for, not its winner alone: a
 * refused losing version the server lacks is a conflict only this laptop shows, still refused,
 * and the laptop must not say Up to date over it.
 */
import type PouchDB from 'pouchdb-core';

export async function stillRefused(local: PouchDB, remote: PouchDB, ids: readonly string[]): Promise<string[]> {
  const asked: Record<string, string[]> = {};
  for (const id of ids) {
    const held = await local.get(id, { conflicts: true }).catch(() => null);
    if (held) asked[id] = [held._rev, ...(held._conflicts ?? [])];
  }
  if (!Object.keys(asked).length) return [...ids];
  const missing = await remote.revsDiff(asked);
  return ids.filter((id) => !asked[id] || (missing[id]?.missing.length ?? 0) > 0);
}
