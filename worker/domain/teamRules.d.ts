/**
 * The types of teamRules.js (plain JavaScript, so that CouchDB runs it as written: see there).
 */
import type { RoleRules } from './roles';

/** A rule as data: what teamRules.js's specOk reads. */
export type Spec =
  | { t: 'text'; max: number; min?: number; plain?: boolean; trim?: boolean }
  | { t: 'num'; min?: number; max?: number; int?: boolean }
  | { t: 'bool' }
  | { t: 'oneOf'; of: readonly (string | number | boolean | null)[] }
  | { t: 'null'; or: Spec }
  | { t: 'either'; of: readonly Spec[] }
  | { t: 'all'; of: readonly Spec[] }
  | { t: 'list'; of: Spec; min?: number; max?: number }
  | { t: 'obj'; fields: Record<string, Spec>; req?: readonly string[]; closed?: boolean }
  | { t: 'map'; of: Spec; max?: number }
  | { t: 'day' }
  | { t: 'email'; empty?: boolean }
  | { t: 'id' }
  | { t: 're'; re: string };

/** The rules a team document meets, as data (teamDocRules.ts makes them from storedFields.ts). */
export interface TeamRules {
  docMaxChars: number;
  sampleBy: string;
  stamp: Spec;
  speed: Spec;
  flag: Spec;
  history: Spec;
  workflow: Spec;
  places: Spec;
  removable: readonly string[];
  /** what a person can star */
  favouriteKinds: readonly string[];
  kindWords: Record<string, string>;
  idOk: Record<string, Spec>;
  fields: Record<string, Record<string, { spec: Spec; what: string }>>;
  required: Record<string, readonly string[]>;
  workflows: Record<string, boolean>;
  /** who may take which action in a team world (roles.ts) */
  roles: RoleRules;
}

/** Who writes a document, as the server knows them; null where a laptop checks what it takes. */
export type Writer = { name: string; admin: boolean } | null;

export function specOk(spec: Spec, value: unknown): boolean;
export function teamDocRefusal(doc: { _id: string; [field: string]: unknown }, oldDoc: unknown, user: Writer, rules: TeamRules, othersStand?: boolean): string | null;
