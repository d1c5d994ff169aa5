/**
 * The laptop's team account (docs/sync.md#signing-in): signing in to the team server with the
 * account typed (its password sent once, never kept) or, with none typed, as the account the
 * server already takes this laptop for; and what the server's refusals mean, in the words of what
 * a person can do about them (Settings → Team sync, the badge).
 */
import type { TeamSettings } from '../joining';
import { checkAccount, sessionAccount, setOwnPassword, signIn, type Fetch, type SignedIn } from './serverSession';

/** What Settings says once the person signed out. */
export const SIGNED_OUT = 'You signed out of the team server: sync is stopped, and what is on this laptop stays. Sign in to go on.';

/**
 * Signs in with the account typed; with none, asks the server whom it takes this laptop for
 * (a company's single sign-on in front of it signs each request in: docs/sync.md#signing-in).
 */
export async function signedIn(
  fetch: Fetch,
  origin: string,
  server: string,
  account: unknown,
  password: unknown,
): Promise<SignedIn> {
  if ((account === undefined || account === '') && (password === undefined || password === '')) {
    let who: { name: string; roles: string[] } | null;
    try {
      who = await sessionAccount(fetch, origin, server);
    } catch (error) {
      return { ok: false, error: `The team server ${server} cannot be reached (${reason(error)})` };
    }
    return who ? { ok: true, ...who } : { ok: false, field: 'account', error: 'Type your team account and its password: the team server does not know this laptop yet' };
  }
  const given = checkAccount(account, password);
  if (!given.ok) return given;
  return signIn(fetch, origin, server, given.account);
}

/**
 * Changes the person's own password on the team server (issue 53, docs/sync.md#who-can-do-what):
 * the current one checked by signing in with it, the new one set, and the laptop signed in with
 * it (the server ends the old password's sessions). An error names the field to mend.
 */
export async function passwordChanged(
  fetch: Fetch,
  origin: string,
  server: string,
  account: unknown,
  current: unknown,
  next: unknown,
  again: unknown = next,
): Promise<SignedIn | { ok: false; error: string; field: 'newPassword' | 'again' }> {
  const given = checkAccount(account, current);
  if (!given.ok) return given;
  const wanted = checkAccount(given.account.name, next);
  if (!wanted.ok) return { ok: false, field: 'newPassword', error: 'Type the new password' };
  if (wanted.account.password === given.account.password) return { ok: false, field: 'newPassword', error: 'This is the password you have now: type a new one' };
  if (again !== next) return { ok: false, field: 'again', error: 'The two new passwords differ: type the same one twice' };
  const signed = await signIn(fetch, origin, server, given.account);
  if (!signed.ok) return signed;
  let failed: number | null;
  try {
    failed = await setOwnPassword(fetch, origin, server, signed.name, wanted.account.password);
  } catch (error) {
    return { ok: false, error: `The team server ${server} cannot be reached (${reason(error)})` };
  }
  if (failed !== null) return { ok: false, error: `The team server ${server} would not change your password (HTTP ${failed}): ask your team’s admin (npm run sync:user)` };
  return signIn(fetch, origin, server, { name: signed.name, password: wanted.account.password });
}

/** Why sync waits for a sign-in: the server ended this laptop's session (401), or refused its account (403, `why`). */
export function signedOutWords(status: number, why: string): string {
  return status === 401
    ? 'The team server ended this laptop’s session: sign in again to sync. Your work goes on here, and what waits goes out once you are signed in.'
    : `The team server refused this laptop’s account (${why}): ask your team’s admin to add you to the team world, then sign in again. Your work stays on this laptop.`;
}

/** Why sync failed, other than a sign-in: the team world `world` gone from the server, or what the error says. */
export function failureWords(error: unknown, world: string): string {
  const status = (error as { status?: unknown } | null)?.status;
  return status === 404
    ? `The team world ${world} is not on the server now: your team’s admin sets it up again (npm run sync:setup). Your work stays on this laptop, and goes out once it is back.`
    : reason(error);
}

/** Why a join failed, in the words of what a person can do about it. */
export function joinRefusal(error: unknown, settings: TeamSettings): string {
  const status = (error as { status?: unknown } | null)?.status;
  if (status === 401) return `Sign in to the team server first: it does not know this laptop (${reason(error)})`;
  if (status === 403) return `The team account ${settings.account ?? ''} is not a member of the team world ${settings.world}: ask your team’s admin to add it`;
  if (status === 404) return `There is no team world ${settings.world} on the server: your team’s admin sets it up (npm run sync:setup)`;
  if ((error as { making?: unknown } | null)?.making === true) return `Another laptop is making the team world ${settings.world} its own right now: join again in a moment, and this laptop takes the team’s world`;
  return `The server ${settings.server} cannot be reached (${reason(error)})`;
}

export function reason(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null) {
    const e = error as { message?: unknown; reason?: unknown; status?: unknown };
    if (typeof e.message === 'string' && e.message) return e.message;
    if (typeof e.reason === 'string' && e.reason) return e.reason;
    if (typeof e.status === 'number') return `HTTP ${e.status}`;
  }
  return String(error);
}
