/**
 * How many changes made on this laptop the server does not have yet: the badge's "n not sent"
 * (docs/sync.md, "In the worker"). Counted in memory as the drainer writes and the push confirms,
 * and kept across a reload or a new leading tab by the push's checkpoint in the laptop's database:
 * the seq up to which the push has confirmed, in a local document (never replicated). Without it a
 * reloaded laptop said "Offline · 0 waiting" with a change on it the team had not received.
 */
import type PouchDB from 'pouchdb-core';

/** The push's checkpoint as this laptop counts it (PouchDB keeps its own beside it). */
const PUSH_CHECKPOINT_ID = '_local/sent-through';

type Seq = number | string;

/** A document as replication reports it written: its stamp says which laptop's action it is. */
type Written = { stamp?: unknown };

export class Unsent {
  private writing: Promise<unknown> = Promise.resolve();
  /** this laptop's actions not yet on the server: how many of each one's documents are still to send */
  private unsentByAction = new Map<string, number>();
  /** the actions drained while a recount (sentThrough) reads the database: each recount's own list */
  private readonly recounts = new Set<string[]>();

  private constructor(
    private readonly db: PouchDB,
    private readonly laptop: string,
    private rev: string | undefined,
  ) {}

  /** How many of this laptop's changes the server does not have yet: actions, as a person counts them, not documents. */
  get count(): number {
    return this.unsentByAction.size;
  }

  /** Counts, past the push's checkpoint, the changes this laptop wrote: those still to send. */
  static async open(db: PouchDB, laptop: string): Promise<Unsent> {
    const checkpoint = await db.get(PUSH_CHECKPOINT_ID).catch(() => null);
    const unsent = new Unsent(db, laptop, checkpoint?._rev);
    unsent.unsentByAction = await unsent.writtenHereSince((checkpoint?.seq as Seq | undefined) ?? 0);
    return unsent;
  }

  /** Everything the database holds now is on the server (a join's first push, or its pull). */
  static async allSent(db: PouchDB, laptop: string): Promise<Unsent> {
    const unsent = new Unsent(db, laptop, (await db.get(PUSH_CHECKPOINT_ID).catch(() => null))?._rev);
    await unsent.keepCheckpoint((await db.info()).update_seq);
    return unsent;
  }

  /**
   * Replication paused with the server answering: the push had sent everything up to `seq` (read
   * when it paused). What was drained after it is counted again from the database, which also
   * mends a count that a drain stopped half way and run again had raised twice.
   */
  async sentThrough(seq: Seq): Promise<void> {
    const during: string[] = [];
    this.recounts.add(during);
    try {
      await this.keepCheckpoint(seq);
      const unsent = await this.writtenHereSince(seq);
      // Drained while the database was read: still to send, whatever the read found. Set from the
      // read alone, the count lost them, and a leave that looked then left with an action the team
      // never received (found by the random schedules, docs/sync.md#the-team-under-random-schedules).
      for (const tx of during) unsent.set(tx, (unsent.get(tx) ?? 0) + 1);
      this.unsentByAction = unsent;
    } finally {
      this.recounts.delete(during);
    }
  }

  /** The drainer wrote these actions' documents (one action per document written) to the laptop's database. */
  drained(actions: readonly string[]): void {
    for (const tx of actions) this.unsentByAction.set(tx, (this.unsentByAction.get(tx) ?? 0) + 1);
    for (const during of this.recounts) during.push(...actions);
  }

  /** The push wrote `docs` to the server, taking the laptop's changes through `seq`. */
  pushed(docs: readonly Written[], seq: Seq | undefined): void {
    for (const doc of docs) {
      const tx = this.ownAction(doc);
      const left = tx === null ? undefined : this.unsentByAction.get(tx);
      if (tx === null || left === undefined) continue;
      if (left > 1) this.unsentByAction.set(tx, left - 1);
      else this.unsentByAction.delete(tx);
    }
    if (seq !== undefined) void this.keepCheckpoint(seq).catch(() => undefined);
  }

  /** The action of a document this laptop wrote, or null. */
  private ownAction(doc: Written): string | null {
    const stamp = doc.stamp as { laptop?: unknown; tx?: unknown } | undefined;
    return stamp?.laptop === this.laptop && typeof stamp.tx === 'string' ? stamp.tx : null;
  }

  /** Documents whose latest change past `since` this laptop made (by their stamp), by action. */
  private async writtenHereSince(since: Seq): Promise<Map<string, number>> {
    const { results } = await this.db.changes({ since, include_docs: true });
    const unsent = new Map<string, number>();
    for (const r of results) {
      const tx = this.ownAction((r.doc ?? {}) as Written);
      if (tx !== null) unsent.set(tx, (unsent.get(tx) ?? 0) + 1);
    }
    return unsent;
  }

  /** One write at a time: a local document's revision moves with each. */
  private keepCheckpoint(seq: Seq): Promise<unknown> {
    this.writing = this.writing.catch(() => undefined).then(async () => {
      const [written] = (await this.db.bulkDocs([{ _id: PUSH_CHECKPOINT_ID, ...(this.rev ? { _rev: this.rev } : {}), seq }])) as { rev?: string }[];
      if (written?.rev) this.rev = written.rev;
    });
    return this.writing;
  }
}
