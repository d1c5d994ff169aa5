/**
 * When this laptop last heard from each teammate, on each of their laptops (issue 52, the Team
 * page, docs/sync.md#the-team-page): the take sees every document's stamp as it reads it, and keeps
 * one small record per person and laptop (the latest `at`, and the role the stamp said, if it said
 * one). The page reads these records, never the team's documents: a world of 100 000 surveys is not
 * scanned to say who is in it. Written with the take that read the stamps, so a take that is stale
 * (read again) or refused by the store changes nothing here either.
 */
import type { WorldBatch } from '../../engine/store/worldStore';
import type { StoredRecord } from '../../engine/store/storedForm';
import { isRole, type Role } from '../../domain/roles';
import { HEARD_KIND } from '../records';
import type { StoredDoc } from '../doc/database';
import { stampOf } from '../doc/teamDoc';

/** One person on one laptop, as last heard from. */
export interface Heard {
  by: string;
  laptop: string;
  /** the latest stamp's `at` (epoch ms, the writer's clock) */
  at: number;
  /** the role the latest stamp that said one said (the writer's, checked by the server); absent on older documents */
  role?: Role;
}

/**
 * Bounds against a member who stamps documents with laptop after laptop (the server checks `by`,
 * not `laptop`): the laptops a person has used recently enough to matter, and the people.
 */
export const LAPTOPS_KEPT = 20;
export const HEARD_KEPT = 500;

const keyOf = (by: string, laptop: string) => JSON.stringify([by, laptop]);

/** The role a stamp says, read defensively: only one of ROLES, else none. */
function roleIn(stamp: unknown): Role | undefined {
  const role = (stamp as { role?: unknown }).role;
  return isRole(role) ? role : undefined;
}

/**
 * The stamp of a document as the Team page counts it, or null: a stamp of the shape the team's rule
 * checks, by a person on a laptop (not the sample data's, nor a settling's, which name no laptop),
 * at a time that is one.
 */
function heardIn(doc: StoredDoc): Heard | null {
  const stamp = stampOf(doc);
  if (!stamp || !stamp.by || !stamp.laptop || !Number.isFinite(stamp.at) || stamp.at < 0) return null;
  const role = roleIn(stamp);
  return { by: stamp.by, laptop: stamp.laptop, at: stamp.at, ...(role ? { role } : {}) };
}

function asHeard(record: StoredRecord): Heard | null {
  const { by, laptop, at, role } = record as Record<string, unknown>;
  if (typeof by !== 'string' || typeof laptop !== 'string' || typeof at !== 'number') return null;
  const known = roleIn({ role });
  return { by, laptop, at, ...(known ? { role: known } : {}) };
}

/** What one take heard: the records it writes, applied once the take has landed. */
export interface HeardChange {
  records: Pick<WorldBatch, 'put' | 'del'>;
  apply(): void;
}

export class LastHeard {
  private readonly byKey = new Map<string, Heard>();

  constructor(stored: readonly [string, StoredRecord][] = []) {
    for (const [id, record] of stored) {
      const heard = asHeard(record);
      if (heard && keyOf(heard.by, heard.laptop) === id) this.byKey.set(id, heard);
    }
  }

  /** Every person and laptop heard from. */
  all(): Heard[] {
    return [...this.byKey.values()];
  }

  /**
   * What the stamps of `docs` say that this list does not yet: a later time, or a role, for a person
   * on a laptop (`own`, this laptop, is known from its settings and not kept). A stamp that is not
   * one (garbage, a hostile writer's) is passed over.
   */
  heard(docs: readonly StoredDoc[], own: string): HeardChange {
    const rose = new Map<string, Heard>();
    for (const doc of docs) {
      const heard = heardIn(doc);
      if (!heard || heard.laptop === own) continue;
      const key = keyOf(heard.by, heard.laptop);
      const now = rose.get(key) ?? this.byKey.get(key);
      if (now && now.at >= heard.at && (now.role || !heard.role)) continue;
      // The role is the latest one said: an older stamp's only where no newer one said any.
      const later = !now || heard.at > now.at;
      const role = later ? (heard.role ?? now?.role) : (now.role ?? heard.role);
      rose.set(key, { by: heard.by, laptop: heard.laptop, at: later ? heard.at : now.at, ...(role ? { role } : {}) });
    }
    return this.change(rose);
  }

  /** The records of what rose, within the bounds: a person's oldest laptop goes, and past HEARD_KEPT a newcomer is not kept. */
  private change(rose: Map<string, Heard>): HeardChange {
    // Most takes bring no one new nor later: nothing is copied for them.
    if (!rose.size) return { records: { put: [], del: [] }, apply: () => undefined };
    const next = new Map(this.byKey);
    for (const [key, heard] of rose) if (next.has(key) || next.size < HEARD_KEPT) next.set(key, heard);
    const del: WorldBatch['del'] = [];
    const byPerson = new Map<string, [string, Heard][]>();
    for (const entry of next) byPerson.set(entry[1].by, [...(byPerson.get(entry[1].by) ?? []), entry]);
    for (const laptops of byPerson.values()) {
      for (const [key] of laptops.sort(([, a], [, b]) => b.at - a.at).slice(LAPTOPS_KEPT)) {
        next.delete(key);
        if (this.byKey.has(key)) del.push({ kind: HEARD_KIND, id: key });
      }
    }
    const put: WorldBatch['put'] = [];
    for (const key of rose.keys()) {
      const heard = next.get(key);
      if (heard) put.push({ kind: HEARD_KIND, id: key, record: { o: 0, ...heard } });
    }
    return {
      records: { put, del },
      apply: () => {
        this.byKey.clear();
        for (const [key, heard] of next) this.byKey.set(key, heard);
      },
    };
  }
}
