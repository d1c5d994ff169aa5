/**
 * The live replication between the laptop's database and the server's (docs/sync.md#in-the-worker):
 * PouchDB's `sync`, live and retrying, backing off from 1 s to at most 8 s, and what it says,
 * told as the few things team sync acts on. PouchDB pauses alike when it has caught up and when a
 * try failed; on each pause the server itself is asked whether it answers, and whether it still
 * holds the team world this laptop was given (worldIdentity.ts).
 */
import type PouchDB from 'pouchdb-core';
import type { Replication } from 'pouchdb-core';
import { identityOf } from './worldIdentity';
import { pullSource } from './pullSource';
import type { Clock } from '../../engine/clock';

/** The longest wait between two tries to reach the server (PouchDB doubles it from 1 s). */
const RETRY_MAX_MS = 8_000;
/**
 * Documents a live replication moves per request (PouchDB's default is 100): a large action of
 * 20 000 documents arrives in 10 round trips, not 200, and each batch's fixed cost (its changes,
 * its checkpoint on both sides, the take it wakes) is paid a tenth as often as at 100 and a quarter
 * as often as at 500 (docs/sync-log.md#a-live-replications-batch).
 */
const LIVE_BATCH = 2_000;
/**
 * How long the server holds a long poll of its changes open without a change. Where the poll's
 * headers are held back until it ends (a compressing proxy; the test server), the browser takes its
 * session cookie, the one of the poll's start, only then: a poll held open past the session's
 * timeout (a quiet team) put back a cookie the server had ended, over the fresher one the session
 * keeper had just had, and the next change was refused (Sign in to sync). CouchDB ends a poll at its
 * `timeout` only without a heartbeat, which would keep it open forever (docs/sync.md#signing-in).
 */
export const LONG_POLL_MS = 10_000;
/** How long stopping waits for a cancelled replication to end its requests. */
const STOP_WAIT_MS = 2_000;

/** A position in a database's changes. */
type Seq = number | string;

/** What the server is, as a pause finds it. */
export type ServerState =
  /**
   * it answers, and holds the world this laptop knows; `sent`: the laptop's database's seq when
   * the push last caught up (paused with nothing left to send, not backing off after a failed try
   * nor in the middle of a batch), or null. Read when the push paused, not when the server
   * answered: an action drained meanwhile is not sent yet.
   */
  | { is: 'answers'; sent: Seq | null }
  /** it cannot be reached */
  | { is: 'unreachable' }
  /** it answers, but has ended this laptop's session (401) or its account may not (403) */
  | { is: 'signed-out'; status: 401 | 403; why: string }
  /** it answers, but the team world's database is gone, or is another one (restored, recreated) */
  | { is: 'lost'; why: 'gone' | 'another' };

export interface ReplicationEvents {
  /** the push wrote these documents to the server, through `seq` of the laptop's database */
  pushed(docs: readonly { stamp?: unknown }[], seq: number | string | undefined): void;
  /** the pull brought documents into the laptop's database */
  pulled(): void;
  /** replication paused: caught up, or a try failed */
  paused(server: ServerState): void;
  /** the server refused documents of this laptop's: which, and why it said */
  denied(docs: readonly { id: string; why: string }[]): void;
  failed(error: unknown): void;
}

/**
 * A document the server refused, as a replication tells it: a sync tells the refusal of either
 * direction as { direction, doc }, `doc` being the server's error for the document; a one-off
 * replication tells that error itself.
 */
export function refusalOf(event: unknown): { id: string; why: string } {
  const wrapped = (event ?? {}) as { direction?: unknown; doc?: unknown };
  const e = (wrapped.direction !== undefined && wrapped.doc ? wrapped.doc : wrapped) as { id?: unknown; reason?: unknown; message?: unknown };
  return { id: String(e.id ?? ''), why: String(e.reason ?? e.message ?? 'refused') };
}

export class LiveReplication {
  private live: Replication | null = null;
  /**
   * Where the push stands. PouchDB's sync says paused once both directions pause, and a push
   * pauses alike when it has sent everything and when a try failed and it waits to retry: only
   * its own pause without an error says everything was sent.
   */
  private push: 'sending' | 'sent' | 'failing' = 'sending';
  /** The laptop's database's seq when the push last caught up. */
  private caughtUpAt: Promise<Seq> | null = null;

  constructor(
    private readonly local: PouchDB,
    private readonly remote: PouchDB,
    private readonly Pouch: typeof PouchDB,
    /** the id of the team world's database this laptop knows (null: not known yet) */
    private readonly identity: () => string | null,
    private readonly events: ReplicationEvents,
    private readonly trace: (line: string) => void,
    private readonly clock: Clock,
  ) {}

  start(): void {
    const live = this.Pouch.sync(this.local, pullSource(this.Pouch, this.remote), { live: true, retry: true, batch_size: LIVE_BATCH, heartbeat: false, timeout: LONG_POLL_MS, back_off_function: (delay) => Math.min(Math.max(delay * 2, 1000), RETRY_MAX_MS) });
    this.live = live;
    this.push = 'sending';
    live.push.on('active', () => {
      this.push = 'sending';
      this.caughtUpAt = null;
    });
    live.push.on('paused', (error) => {
      this.push = error ? 'failing' : 'sent';
      this.caughtUpAt = error ? null : this.local.info().then((info) => info.update_seq);
    });
    live.on('change', (info) => {
      const { direction, change } = (info ?? {}) as { direction?: string; change?: { docs_written?: number; docs?: { stamp?: unknown }[]; last_seq?: number | string } };
      this.trace(`change ${direction} ${change?.docs_written ?? 0} written`);
      if (direction === 'push') this.events.pushed(change?.docs ?? [], change?.last_seq);
      else this.events.pulled();
    });
    // 'active' comes with every long poll of the server's changes: nothing to tell.
    live.on('active', () => this.trace('active'));
    live.on('paused', () => {
      this.trace('paused');
      this.check();
    });
    live.on('denied', (event) => this.events.denied([refusalOf(event)]));
    live.on('error', (error) => this.events.failed(error));
  }

  /** Asks the server now, as a pause does, and tells what it found. */
  check(): void {
    const live = this.live;
    void this.server().then((state) => this.live === live && live !== null && this.events.paused(state), (error: unknown) => this.events.failed(error));
  }

  /** Cancels it; resolves once it has ended its requests (or after a while). */
  async stop(): Promise<void> {
    const live = this.live;
    this.live = null;
    if (!live) return;
    const ended = new Promise<void>((done) => {
      live.on('complete', () => done());
      this.clock.after(STOP_WAIT_MS, done);
    });
    live.cancel();
    await ended;
  }

  /** Whether the server answers, and still holds the world this laptop knows. */
  private async server(): Promise<ServerState> {
    const caughtUp = this.push === 'sent' ? this.caughtUpAt : null;
    const now = await identityOf(this.remote);
    if (now.is === 'unreachable') return { is: 'unreachable' };
    if (now.is === 'refused') return { is: 'signed-out', status: now.status, why: now.why };
    if (now.is === 'gone') return { is: 'lost', why: 'gone' };
    const known = this.identity();
    if (known !== null && (now.is === 'unnamed' || now.id !== known)) return { is: 'lost', why: 'another' };
    const sent = caughtUp ? await caughtUp.catch(() => null) : null;
    // The push began sending while the server was asked (an action drained as it paused; its
    // 'active' let go of this pause's seq): that seq may lie past what it sends now, and would count
    // it sent. Said at the next pause instead (found by the random schedules: a leave then left with
    // four changes unsent).
    return { is: 'answers', sent: this.caughtUpAt === caughtUp ? sent : null };
  }
}
