/**
 * A conflict as a person compares its versions (issue 21, the Conflicts page): each version's
 * author, laptop and time, and the fields that differ in words (a workflow as its stage now).
 * Who flagged a frame and when head each version, so they are fields only when nothing else
 * differs.
 */
import { currentStage } from '../../domain/workflow';
import type { EntityKind, Workflow } from '../../domain/types';
import { decode, type StoredRecord } from '../../engine/store/storedForm';
import { differingFields, type Conflict } from './conflicts';
import { describedDoc, KIND_WORDS, parseDocId } from '../doc/docIds';
import type { ConflictField, ConflictShown } from '../../syncContract';

export type { ConflictShown };

const LABELS: Record<string, string> = {
  'e.w': 'Stage',
  'e.o': 'Place in its list',
  at: 'Place in its parents’ lists',
  'e.qc': 'QC',
  'e.cpid': 'CPID',
  'e.sfid': 'SFID',
  'e.applanix': 'Applanix',
  'e.podconfig': 'PodConfig',
  'e.itemIds': 'Items',
  'e.selectedIds': 'Surveys selected',
  'flag.reason': 'Reason',
  'flag.note': 'Note',
  'flag.by': 'Flagged by',
  'flag.at': 'Flagged at',
  speed: 'Speed',
};

/** A field's name in words: "e.flownOn" → "Flown on" (never the stored form's own short names). */
function labelOf(path: string): string {
  const known = LABELS[path];
  if (known) return known;
  const field = path.slice(path.lastIndexOf('.') + 1).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return field.replace(/^./, (c) => c.toUpperCase());
}
/** Who and when: each version's heading says them, so they are fields only when nothing else differs. */
const AUTHORSHIP = new Set(['flag.by', 'flag.at']);

/** What a version says at a path, in words: a workflow as its stage now. */
function valueAt(doc: Record<string, unknown>, path: string): string | number {
  if (path === 'e.w') {
    const named = parseDocId(String(doc._id));
    if (named.is !== 'entity') return '(none)';
    const entity = decode(named.kind, named.id, doc.e as StoredRecord) as { workflow?: Workflow };
    const stage = entity.workflow ? currentStage(entity.workflow) : undefined;
    return stage ? `${stage.label ?? stage.name} (${stage.state})` : '(none)';
  }
  if (path === 'at') {
    const places = Object.entries(typeof doc.at === 'object' && doc.at !== null ? doc.at : {});
    return places.length ? places.map(([kind, place]) => `${KIND_WORDS[kind as EntityKind] ?? kind} list, place ${Number(place) + 1}`).join('; ') : '(none)';
  }
  let value: unknown = doc;
  for (const key of path.split('.')) value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  if (value === undefined || value === null) return '(none)';
  return typeof value === 'string' || typeof value === 'number' ? value : JSON.stringify(value);
}

export function shown(conflict: Conflict): ConflictShown {
  const paths = differingFields(conflict.versions).filter((p) => p !== '_deleted');
  const telling = paths.some((p) => !AUTHORSHIP.has(p)) ? paths.filter((p) => !AUTHORSHIP.has(p)) : paths;
  const fields: ConflictField[] = telling.map((path) => ({
    path,
    label: labelOf(path),
    ...(path === 'flag.at' ? { time: true as const } : {}),
  }));
  return {
    id: conflict.id,
    what: describedDoc(conflict.id),
    fields,
    versions: conflict.versions.map((v) => {
      const stamp = (v.doc.stamp ?? {}) as { by?: unknown; laptop?: unknown; at?: unknown };
      return {
        rev: v.rev,
        removed: v.deleted,
        by: typeof stamp.by === 'string' ? stamp.by : '',
        laptop: typeof stamp.laptop === 'string' ? stamp.laptop : '',
        at: typeof stamp.at === 'number' ? stamp.at : 0,
        values: v.deleted ? {} : Object.fromEntries(telling.map((p) => [p, valueAt(v.doc, p)])),
      };
    }),
  };
}
