/**
 * A person settles a conflict (docs/sync.md#conflicts): one version kept (a removal keeps it
 * removed), or a version merged field by field, checked as the world would check it before
 * anything is written; the other versions closed, and the settlement written into the history of
 * what it was about (docs/history.md#sync). Written like any change, it reaches every laptop.
 */
import type { Engine } from '../../engine/engine';
import { conflictOf, mergedBody, resolution } from './conflicts';
import { shown } from './conflictShown';
import { bodyOf } from '../doc/revisions';
import { historyDoc } from '../doc/historyDoc';
import { settledEntry } from './settledHistory';
import type { SyncSession } from '../syncSession';
import { whyRefused } from './takenIntoWorld';
import { stampOf } from '../doc/syncStamp';
import type { Role } from '../../domain/roles';

export interface Resolving {
  engine: Engine;
  session: SyncSession;
  laptop: string;
  /** who signs the settlement: the team account, or the person signed in here */
  author: string;
  /** the role they settle it in, as the server's session said it (issue 52); none where none is known */
  role?: Role;
}

export async function resolveConflict(
  { engine, session, laptop, author, role }: Resolving,
  id: string,
  rev: string,
  fields?: Readonly<Record<string, string>>,
): Promise<{ ok: true } | { ok: false; error: string }> {
  const conflict = typeof id === 'string' ? await conflictOf(session.db, id) : null;
  if (!conflict) return { ok: false, error: 'This conflict has been resolved already' };
  const kept = conflict.versions.find((v) => v.rev === rev);
  if (!kept) return { ok: false, error: 'That version is no longer there: the conflict has changed, look again' };
  let body = kept.deleted ? null : bodyOf(kept.doc);
  const now = engine.clock.now();
  // One id for the settlement and its entry: no ':' (an entry id's separator), unique to this settlement.
  const stamp = stampOf(role ? { by: author, laptop, role } : { by: author, laptop }, now, `settle-${now.toString(36)}-${rev.slice(0, 8)}`, 1);
  const merged = Boolean(fields && Object.keys(fields).length);
  if (fields && merged) {
    body = mergedBody(conflict, rev, fields);
    if (!body) return { ok: false, error: 'Those fields or versions are no longer the conflict\'s: the conflict has changed, look again' };
    const why = whyRefused(engine.world, { ...body, _id: id, _rev: rev, stamp }, now);
    if (why) return { ok: false, error: `These values cannot be kept together: ${why}. Nothing was changed.` };
  }
  const settled = settledEntry(shown(conflict), rev, merged && body !== null, stamp);
  // The settlement and its entry are one action of two documents: a laptop takes them in together,
  // never the settlement without who settled it (docs/history.md#sync).
  const action = settled ? { ...stamp, n: 2 } : stamp;
  await session.db.bulkDocs([...resolution(conflict, body, action), ...(settled ? [historyDoc(settled, action)] : [])], { new_edits: false });
  if (settled) await engine.team.takeHistory([settled]);
  return { ok: true };
}
