/**
 * The session as stored under the spec's `current` and `flags` keys (docs/requirements.md#req-persistence), read back the same
 * way wherever it is read: by the main thread at boot (before the worker is up) and by the engine
 * choosing among its stored copies. Pure: whatever cannot be trusted falls back to the defaults.
 */
import { DEFAULT_FLAGS, SIMULATION_SPEEDS } from './constants';
import type { Current, Flags } from './types';

const NOBODY: Current = { loggedIn: false, user: null };

function parseJson(raw: string | null): unknown {
  try {
    return JSON.parse(raw ?? 'null');
  } catch {
    return null;
  }
}

/** A stored `current`; anything but a logged-in user with an email means nobody is logged in. */
export function parseCurrent(raw: string | null): Current {
  const c = parseJson(raw) as Partial<Current> | null;
  if (c && typeof c === 'object' && c.loggedIn === true && c.user && typeof c.user.email === 'string') {
    return { loggedIn: true, user: c.user };
  }
  return { ...NOBODY };
}

function isSpeed(value: unknown): value is Flags['speed'] {
  return (SIMULATION_SPEEDS as readonly unknown[]).includes(value);
}

/** A stored `flags`: each known flag of the right type is kept, every other one is its default. */
export function parseFlags(raw: string | null): Flags {
  const flags: Flags = { ...DEFAULT_FLAGS };
  const p = parseJson(raw) as Partial<Record<keyof Flags, unknown>> | null;
  if (!p || typeof p !== 'object') return flags;
  if (typeof p.projects === 'boolean') flags.projects = p.projects;
  if (typeof p.surveys === 'boolean') flags.surveys = p.surveys;
  if (typeof p.highlighter === 'boolean') flags.highlighter = p.highlighter;
  if (isSpeed(p.speed)) flags.speed = p.speed;
  if (typeof p.imageProxy === 'string') flags.imageProxy = p.imageProxy;
  return flags;
}
