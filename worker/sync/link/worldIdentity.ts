/**
 * Which database a team world is on the server (issue 32, docs/sync.md#positions-belong-to-their-database):
 * a local document of the server's database, `_local/team-world`, names it with an id of its own.
 * A local document is never replicated and never in a backup, so a copy of the world (restored
 * from a backup, replicated to another server, recreated empty after a restart) is another
 * database with another id, or none. A position in one database (the seed's, a checkpoint) is
 * trusted in another only when their ids agree; and a laptop that finds the id changed, or the
 * database gone, knows the server no longer holds what it was given.
 */

export const IDENTITY_ID = '_local/team-world';

/** What the laptop learns of the server's database. */
export type Identity =
  | { is: 'named'; id: string }
  | { is: 'unnamed' }
  | { is: 'gone' }
  | { is: 'unreachable'; why: string }
  /** the server answers, but not to this laptop: its session ended (401), or its account may not (403) */
  | { is: 'refused'; status: 401 | 403; why: string };

/** The part of a server database this asks of. */
export interface IdentityTarget {
  get(id: string): Promise<unknown>;
  put(doc: { _id: string } & Record<string, unknown>): Promise<unknown>;
  info(): Promise<{ doc_count: number }>;
  allDocs(options: { startkey: string; endkey: string }): Promise<{ rows: unknown[] }>;
}

/**
 * Whether a team world's database holds a world: any document but design documents (a company's
 * server has its validation installed before anyone joins or seeds: docs/sync.md#production).
 */
export async function holdsWorld(remote: IdentityTarget): Promise<boolean> {
  const { doc_count } = await remote.info();
  if (doc_count === 0) return false;
  const design = await remote.allDocs({ startkey: '_design/', endkey: '_design/\uffff' });
  return doc_count > design.rows.length;
}

const statusOf = (error: unknown): number | undefined => (typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined) as number | undefined;

/** The id of the server's database; whether it is there at all. */
export async function identityOf(remote: IdentityTarget): Promise<Identity> {
  try {
    const doc = (await remote.get(IDENTITY_ID)) as { world?: unknown };
    return typeof doc.world === 'string' ? { is: 'named', id: doc.world } : { is: 'unnamed' };
  } catch (error) {
    const status = statusOf(error);
    const why = (error as { reason?: unknown }).reason ?? (error instanceof Error ? error.message : String(error));
    if (status === 401 || status === 403) return { is: 'refused', status, why: String(why) };
    if (status !== 404) return { is: 'unreachable', why: error instanceof Error ? error.message : String(error) };
    // A missing local document in a database that is there, or no database at all.
    const reason = (error as { reason?: unknown }).reason;
    return reason === 'no_db_file' || reason === 'Database does not exist.' ? { is: 'gone' } : { is: 'unnamed' };
  }
}

/**
 * Names the server's database (creating it, through a database instance's first call, where it is
 * missing), unless it is named already (two laptops naming it at once: the
 * second finds the first's name); answers its name.
 */
export async function nameWorld(remote: IdentityTarget, newId: () => string): Promise<string> {
  // A database instance sets itself up at its first call, creating the database where it is missing.
  await remote.info();
  const now = await identityOf(remote);
  if (now.is === 'named') return now.id;
  if (now.is === 'unreachable' || now.is === 'refused') throw Object.assign(new Error(now.why), now.is === 'refused' ? { status: now.status } : {});
  try {
    const id = newId();
    await remote.put({ _id: IDENTITY_ID, world: id });
    return id;
  } catch (error) {
    if (statusOf(error) !== 409) throw error;
    const named = await identityOf(remote);
    if (named.is !== 'named') throw error;
    return named.id;
  }
}

/** The claim of the laptop making an empty team world its own (a local document: never replicated, never in a backup). */
export const MAKER_ID = '_local/team-world-maker';
/** How long a claim stands while the world stays empty (its maker was closed mid-join): then another laptop may make the world. */
export const MAKING_MS = 60_000;

/** Another laptop is making the team world its own right now: this one joins once it has. */
export class WorldBeingMade extends Error {
  readonly making = true;
}

/**
 * Claims an empty team world for this laptop's world, so two laptops that join it at once never
 * both write theirs (docs/sync.md#joining-leaving-switching-worlds): the first to write the claim
 * makes the world, the other is told to join again once it has. A claim whose world is still empty
 * after MAKING_MS (its maker closed mid-join) is taken over.
 */
export async function claimWorld(remote: IdentityTarget & { get(id: string): Promise<unknown> }, laptop: string, now: number): Promise<void> {
  const claimed = (doc: Record<string, unknown>) =>
    remote.put({ ...doc, _id: MAKER_ID, laptop, at: now }).then(
      () => true,
      (error: unknown) => {
        if (statusOf(error) === 409) return false;
        throw error;
      },
    );
  if (await claimed({})) return;
  const claim = (await remote.get(MAKER_ID)) as { _rev?: unknown; laptop?: unknown; at?: unknown };
  if (claim.laptop === laptop) return;
  const stale = typeof claim.at !== 'number' || now - claim.at > MAKING_MS || now < claim.at - MAKING_MS;
  if (stale && typeof claim._rev === 'string' && (await claimed({ _rev: claim._rev }))) return;
  throw new WorldBeingMade('another laptop is making this team world its own right now');
}
