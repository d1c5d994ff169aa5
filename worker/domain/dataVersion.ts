/**
 * The local data version rule (docs/requirements.md#req-version-rule): data stored under another version than DATA_VERSION (45)
 * is discarded. One judgement, for the page's localStorage keys, the engine's stored copies and an
 * imported file alike.
 */
import { DATA_VERSION } from './constants';

/** A version found with stored data (as stored: a string in localStorage, a number in a file); absent is not another version. */
export function isOtherVersion(version: string | number | null | undefined): boolean {
  return version !== null && version !== undefined && String(version) !== String(DATA_VERSION);
}
