/** Which captures a take puts again beside the surveys it adds or removes (docs/sync.md#taking-changes-into-the-world). */
import type { EntityMaps } from '../../domain/types';
import type { StoredDoc } from '../doc/database';
import { entityDocId, parseDocId } from '../doc/docIds';

/**
 * The captures of surveys this take adds or removes, not read already, put again from their
 * documents beside them (docs/sync.md#taking-changes-into-the-world):
 * - a survey new to this world (taken back after a removal lost to a change): a capture's
 *   selection names only surveys the world holds, so it names them once its document is put again;
 * - a survey removed (a capture's clean): a capture woken by surveys it held (restore's wake) is
 *   put back as its document says, so a clean that arrives in pieces, its capture first, leaves the
 *   world a laptop that took it whole has, not a capture woken by surveys now gone.
 */
export function capturesPutAgain(docs: readonly StoredDoc[], index: Pick<EntityMaps, 'surveys' | 'captures'>): string[] {
  const read = new Set(docs.map((d) => d._id));
  const captures = new Set<string>();
  const { surveys, captures: held } = index;
  for (const doc of docs) {
    const named = parseDocId(doc._id);
    // A survey put that the world holds, or a removal of one it does not, changes no capture's surveys.
    if (named.is !== 'entity' || named.kind !== 'surveys' || Boolean(doc._deleted) === (surveys[named.id] === undefined)) continue;
    const captureId = doc._deleted ? surveys[named.id]?.captureId : (doc.e as { captureId?: unknown } | undefined)?.captureId;
    const id = typeof captureId === 'string' ? entityDocId('captures', captureId) : null;
    if (id && !read.has(id) && held[captureId as string]) captures.add(id);
  }
  return [...captures];
}
