/**
 * How restore() meets a problem (restore.ts): strict, the first one refuses the whole copy with a
 * message naming what is wrong; repairing (a stored copy at boot, issue 19), a field is reset and
 * an entity that cannot be read is dropped, each noted so the boot can tell the person. With the
 * small checks every reader of a copy's parts uses.
 */
import { kindOf } from './storedFields';

/** A copy refused: its message names what is wrong. */
export class Invalid extends Error {}

/** How problems are met: strict ones refuse the copy; repaired ones are noted. */
export class Problems {
  readonly repaired: string[] = [];
  constructor(readonly repair: boolean) {}

  /** A field that breaks its rule: refused, or left out (its default) and noted. */
  readonly wrong = (path: string, value: unknown, what: string): void => {
    if (!this.repair) fail(`${path} is not ${what}`);
    this.repaired.push(`${path} was ${kindOf(value)}, not ${what}, so it was reset`);
  };

  /** Reads one entity; one that cannot be read refuses the copy, or is dropped and noted. */
  entity(path: string, read: () => void): void {
    if (!this.repair) return read();
    try {
      read();
    } catch (e) {
      if (!(e instanceof Invalid)) throw e;
      this.repaired.push(`${e.message}, so ${path} was dropped`);
    }
  }
}

export function fail(message: string): never {
  throw new Invalid(message);
}

export function need<T>(value: unknown, path: string, check: (v: unknown) => v is T, what: string): T {
  if (value === undefined || value === null) fail(`${path} is missing`);
  if (!check(value)) fail(`${path} is not ${what}`);
  return value;
}

export const isString = (v: unknown): v is string => typeof v === 'string';
export const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
export const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);

export function optional<T>(value: unknown, path: string, check: (v: unknown) => v is T, what: string): T | undefined {
  if (value === undefined || value === null) return undefined;
  if (!check(value)) fail(`${path} is not ${what}`);
  return value;
}
