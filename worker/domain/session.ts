/**
 * The session as stored under the spec's `current` and `flags` keys (docs/requirements.md#req-persistence), read back the same
 * way wherever it is read: by the main thread at boot (before the worker is up) and by the engine
 * choosing among its stored copies. Pure, and checked field by field (issue 19: a stored user whose
 * name was a number gave a white page on every route): whatever cannot be trusted is repaired or
 * falls back to its default, and `repaired` says what, in words a notice can show
 * (lower-case clauses: persistence.ts `repairNotice` joins them into one sentence).
 */
import { DEFAULT_FLAGS, EMAIL_MAX_CHARS, SIMULATION_SPEEDS } from './constants';
import { imageProxyProblem } from './imageProxy';
import { isObj, kindOf } from './storedFields';
import type { Current, Flags, User } from './types';
import { hasHiddenCharacter, isEmail, userFromEmail } from './users';

/** A value read back from storage, and what had to be dropped or repaired to read it. */
export interface Checked<T> {
  value: T;
  repaired: string[];
}

const NOBODY: Current = { loggedIn: false, user: null };
/** A name as long as the longest address it may be made from. */
const NAME_MAX_CHARS = EMAIL_MAX_CHARS;

/** JSON, or `undefined` when there is none or it does not parse. */
function parseJson(raw: string | null): unknown {
  try {
    return raw === null ? undefined : (JSON.parse(raw) as unknown);
  } catch {
    return undefined;
  }
}

/** Stored text that is there but is not the JSON object it should be (absent or `null` is simply nothing stored). */
const unreadable = (raw: string | null, parsed: unknown) => raw !== null && parsed !== null && !isObj(parsed);

const goodName = (v: unknown): v is string => typeof v === 'string' && v.length <= NAME_MAX_CHARS && !hasHiddenCharacter(v);

/** The signed-in user, field by field: a good email or nobody; a bad name or initials are made again from the email. */
function checkUser(raw: unknown, repaired: string[]): User | null {
  const email = isObj(raw) && typeof raw.email === 'string' ? raw.email.trim().toLowerCase() : undefined;
  if (!isObj(raw) || !isEmail(email)) {
    repaired.push('the stored sign-in had no valid email, so nobody is signed in');
    return null;
  }
  const name = raw.name;
  if (name !== undefined && !goodName(name)) repaired.push(`the signed-in user's stored name was ${kindOf(name)}, so it was made again from the email`);
  // Initials always follow the name (userFromEmail): a stored pair is never shown as it was.
  else if (raw.initials !== undefined && typeof raw.initials !== 'string') repaired.push(`the signed-in user's stored initials were ${kindOf(raw.initials)}, so they were made again`);
  return userFromEmail(email, goodName(name) ? name : undefined);
}

/** A stored `current`: a logged-in user with a good email, or nobody. */
export function checkCurrent(raw: string | null): Checked<Current> {
  const repaired: string[] = [];
  const c = parseJson(raw);
  if (unreadable(raw, c)) repaired.push('the stored sign-in could not be read, so nobody is signed in');
  if (!isObj(c) || c.loggedIn !== true) return { value: { ...NOBODY }, repaired };
  const user = checkUser(c.user, repaired);
  return { value: user ? { loggedIn: true, user } : { ...NOBODY }, repaired };
}

export function parseCurrent(raw: string | null): Current {
  return checkCurrent(raw).value;
}

export function isSimulationSpeed(value: unknown): value is Flags['speed'] {
  return (SIMULATION_SPEEDS as readonly unknown[]).includes(value);
}

/** Each flag's check and the name Settings shows it by. */
const FLAG_RULES: { [K in keyof Flags]: { label: string; ok: (v: unknown) => v is Flags[K] } } = {
  projects: { label: 'Include Projects Page', ok: (v): v is boolean => typeof v === 'boolean' },
  surveys: { label: 'Include (All) Surveys Page', ok: (v): v is boolean => typeof v === 'boolean' },
  highlighter: { label: 'Highlight row when action performed', ok: (v): v is boolean => typeof v === 'boolean' },
  speed: { label: 'Simulation speed', ok: isSimulationSpeed },
  imageProxy: { label: 'Image proxy', ok: (v): v is string => typeof v === 'string' && imageProxyProblem(v) === null },
};

/** A stored `flags`: each known flag of the right type is kept, every other one is its default. */
export function checkFlags(raw: string | null): Checked<Flags> {
  const flags: Flags = { ...DEFAULT_FLAGS };
  const repaired: string[] = [];
  const p = parseJson(raw);
  if (unreadable(raw, p)) repaired.push('the stored settings could not be read, so every setting is back to its default');
  if (!isObj(p)) return { value: flags, repaired };
  for (const key of Object.keys(FLAG_RULES) as (keyof Flags)[]) {
    const value = p[key];
    if (value === undefined) continue;
    const rule = FLAG_RULES[key];
    if (rule.ok(value)) (flags as Record<keyof Flags, unknown>)[key] = key === 'imageProxy' ? (value as string).trim() : value;
    else repaired.push(`the stored setting "${rule.label}" was ${kindOf(value)}, so it is back to its default`);
  }
  return { value: flags, repaired };
}

export function parseFlags(raw: string | null): Flags {
  return checkFlags(raw).value;
}
