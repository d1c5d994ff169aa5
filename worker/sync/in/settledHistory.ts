/**
 * A settled conflict in the history of what it was about (issue 34, docs/history.md#sync): one
 * entry, made by the person who settled it, holding both versions (who, on which laptop, when, what
 * each said) and how it was settled. It travels as any history entry, a team document of its own,
 * so every laptop's history shows the conflict and its settlement.
 */
import { sealed, type HistoryEntry, type HistorySubjects } from '../../domain/history';
import type { ConflictShown } from './conflictShown';
import { describedDoc, parseDocId } from '../doc/docIds';
import type { SyncStamp } from '../doc/syncStamp';

/** The entities a conflicted document is about, as a history entry names them; null for one no history keeps (a project, the speed). */
function subjectsOf(docId: string): HistorySubjects | null {
  const parsed = parseDocId(docId);
  if (parsed.is === 'flag') return { surveys: [parsed.place.surveyId] };
  if (parsed.is !== 'entity') return null;
  switch (parsed.kind) {
    case 'surveys':
      return { surveys: [parsed.id] };
    case 'captures':
      return { capture: parsed.id };
    case 'media':
      return { media: parsed.id };
    case 'drives':
      return { drive: parsed.id };
    default:
      return null;
  }
}

/** What a version said, in the conflict's fields, or that it removed the entity. */
function said(conflict: ConflictShown, rev: string): string {
  const version = conflict.versions.find((v) => v.rev === rev);
  if (!version) return '';
  if (version.removed) return 'Removed';
  return conflict.fields.map((f) => `${f.label}: ${String(version.values[f.path] ?? '(none)')}`).join('; ') || 'The same fields';
}

/**
 * The entry of a conflict settled now by `stamp.by` on `stamp.laptop`, in the settlement's action
 * `stamp.tx`: `rev` kept, or merged with `fields` chosen; null when no history keeps what it was about.
 */
export function settledEntry(conflict: ConflictShown, rev: string, merged: boolean, stamp: SyncStamp): HistoryEntry | null {
  const on = subjectsOf(conflict.id);
  if (!on) return null;
  const kept = conflict.versions.find((v) => v.rev === rev);
  const how = merged ? 'merged field by field' : kept?.removed ? `kept the removal by ${kept.by || 'someone'}` : `kept the version by ${kept?.by || 'someone'}`;
  return sealed({
    at: stamp.at,
    by: stamp.by,
    laptop: stamp.laptop,
    // The settlement's own id, which its documents' stamp carries too (resolving.ts).
    tx: stamp.tx,
    n: 0,
    // The role the settler acted in, as the settlement's documents say it (issue 52).
    ...(stamp.role ? { role: stamp.role } : {}),
    what: { kind: 'settled', subject: describedDoc(conflict.id) },
    on,
    conflict: {
      versions: conflict.versions.map((v) => ({ by: v.by, laptop: v.laptop, at: v.at, what: said(conflict, v.rev) })),
      settledBy: stamp.by,
      settledAt: stamp.at,
      how,
    },
  });
}
