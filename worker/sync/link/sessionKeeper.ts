/**
 * Keeps a laptop's session with the team server alive while it is in a team world
 * (docs/sync.md#signing-in). CouchDB renews a cookie session with each request, and a laptop whose
 * team is quiet makes few: its long polls of the changes, each ended within LONG_POLL_MS
 * (liveReplication.ts). So it also asks the server who it is, on the engine's clock, more often
 * than any timeout a team sets; an answer of nobody says the session has ended (the server
 * restarted with another secret, the account was removed), and is told at once.
 */
import type { Cancel, Clock } from '../../engine/clock';

/**
 * How often the session is renewed: well inside CouchDB's default timeout of 600 s. The cookie a
 * long poll of the changes may bring back when it ends is the one of its start, up to LONG_POLL_MS
 * old (liveReplication.ts), and it replaces the browser's fresher one: a team's timeout must exceed
 * this and that together.
 */
export const SESSION_RENEW_MS = 60_000;

export class SessionKeeper {
  private timer: Cancel | null = null;

  constructor(
    private readonly clock: Clock,
    /** asks the server whom it takes this laptop for (null: nobody), renewing the session's cookie */
    private readonly signedInAs: () => Promise<string | null>,
    /** the server no longer knows this laptop */
    private readonly ended: () => void,
    private readonly trace: (line: string) => void = () => undefined,
  ) {}

  /** Renews the session every SESSION_RENEW_MS of the clock, however long each answer takes. */
  start(): void {
    this.stop();
    this.timer = this.clock.every(SESSION_RENEW_MS, () => void this.renew());
  }

  stop(): void {
    this.timer?.();
    this.timer = null;
  }

  private async renew(): Promise<void> {
    let name: string | null;
    try {
      name = await this.signedInAs();
      this.trace(`session renewed: ${name ?? 'ended'}`);
    } catch (error) {
      this.trace(`session not renewed: ${String(error)}`);
      // Offline, or the server answers otherwise: replication says so; the next turn asks again.
      return;
    }
    if (name !== null || this.timer === null) return;
    this.stop();
    this.ended();
  }
}
