/**
 * Users (docs/requirements.md#req-entity-user): a name derived from the email when the data has none ("first.last@x" gives
 * "First Last"), and initials for the Assigned column.
 */
import { EMAIL_MAX_CHARS } from './constants';
import type { User } from './types';

/** The `{email}` pattern of docs/requirements.md#req-validation-login: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Characters no one types in an address and that only hide what it says (issue 19): controls (NUL),
 * format characters (zero-width spaces and joiners, the bidi overrides that show "moc.xe@" as
 * "ex.com@"), lone surrogates, private use. `\s` in EMAIL_PATTERN does not catch them.
 */
const HIDDEN_CHARACTER = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}]/u;

/** Printable ASCII, the common case (ids, most emails), holds none: answered without the Unicode scan. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** A name or an address shown to people: no character that hides or reorders what it says. */
export function hasHiddenCharacter(text: string): boolean {
  return !PRINTABLE_ASCII.test(text) && HIDDEN_CHARACTER.test(text);
}

/** The one email rule (login, the stored session, stored users): bounded, `{email}`, nothing hidden. */
export function isEmail(value: unknown): value is string {
  return typeof value === 'string' && value.length <= EMAIL_MAX_CHARS && EMAIL_PATTERN.test(value) && !hasHiddenCharacter(value);
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/**
 * "ann.lee@x" → "Ann Lee"; "ann_lee", "ann-lee" likewise; "ann@x" → "Ann"; digits are dropped
 * ("jo.smith2@x" → "Jo Smith"); an empty local part falls back to the whole email.
 */
export function nameFromEmail(email: string): string {
  const local = email.split('@')[0] ?? '';
  const words = local
    .split(/[._\-+]+/)
    .map((w) => w.replace(/[^\p{L}']/gu, ''))
    .filter((w) => w.length > 0);
  return words.length ? words.map(capitalise).join(' ') : email;
}

/** First letters of the first and last words: "Ann Lee" → "AL", "Ann" → "A". */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((w) => w.length > 0);
  if (!words.length) return '?';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return (first + last).toUpperCase();
}

export function userFromEmail(email: string, name?: string): User {
  const clean = email.trim().toLowerCase();
  const n = name && name.trim() ? name.trim() : nameFromEmail(clean);
  return { email: clean, name: n, initials: initialsOf(n) };
}
