/**
 * The localStorage keys the spec names (docs/requirements.md#req-persistence), read synchronously at boot so the route guard
 * decides before the worker is up; `current` and `flags` written synchronously as answers change
 * them, `db` when the engine hands over its mirror and again when the page is hidden.
 */
import { DATA_VERSION, STORAGE_KEYS } from '../../worker/domain/constants';
import { parseCurrent, parseFlags } from '../../worker/domain/session';
import { isOtherVersion } from '../../worker/domain/dataVersion';
import type { PersistMessage } from '../../worker/api';
import type { Current, Flags } from '../../worker/domain/types';

export function readRaw(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The session as the engine reads it too (one parser: worker/domain/session.ts). */
export function readCurrent(): Current {
  return parseCurrent(readRaw(STORAGE_KEYS.current));
}

export function readFlags(): Flags {
  return parseFlags(readRaw(STORAGE_KEYS.flags));
}

export type WriteOutcome = 'ok' | 'quota';

/**
 * Written the moment an answer changes the session, before any navigation it causes, so the route
 * guard of the next page load reads the truth (docs/architecture.md#arch-local-storage).
 */
export function writeSession(current: Current, flags: Flags): void {
  // Storage full: the engine's store holds the session too.
  void writeSmallKeys(current, flags);
}

/** `current`, `flags` and `version` 45; false when localStorage refuses them. */
function writeSmallKeys(current: Current, flags: Flags): boolean {
  try {
    localStorage.setItem(STORAGE_KEYS.current, JSON.stringify(current));
    localStorage.setItem(STORAGE_KEYS.flags, JSON.stringify(flags));
    localStorage.setItem(STORAGE_KEYS.version, String(DATA_VERSION));
    return true;
  } catch {
    return false;
  }
}

/**
 * docs/requirements.md#req-version-rule: a stored version other than 45 discards the stored data. Answers the version found (the
 * engine discards its own store when told), and drops the stale `db` copy here.
 */
export function checkVersion(): string | null {
  const version = readRaw(STORAGE_KEYS.version);
  if (isOtherVersion(version)) {
    try {
      localStorage.removeItem(STORAGE_KEYS.db);
    } catch {
      /* nothing to drop */
    }
  }
  return version;
}

/**
 * Writes the small keys first so the session survives even when `db` no longer fits: the worker's
 * IndexedDB copy stays the record of the world (docs/architecture.md#arch-record).
 */
export function writePersist(message: PersistMessage): WriteOutcome {
  if (!writeSmallKeys(message.current, message.flags)) return 'quota';
  try {
    if (message.db === null) throw new RangeError('db larger than localStorage holds');
    localStorage.setItem(STORAGE_KEYS.db, message.db);
    return 'ok';
  } catch {
    // A stale `db` would win nothing (the IndexedDB copy carries a newer stamp), but drop it so
    // the browser has room for the small keys.
    try {
      localStorage.removeItem(STORAGE_KEYS.db);
    } catch {
      /* nothing more to do */
    }
    return 'quota';
  }
}
