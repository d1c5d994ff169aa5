/**
 * How many changes made on this laptop the server does not have yet: the badge's "n waiting"
 * (docs/sync.md, "In the worker"). Counted in memory as the drainer writes and the push confirms,
 * and kept across a reload or a new leading tab by a mark in the laptop's database: the position
 * up to which the push has confirmed, in a local document (never replicated). Without the mark a
 * reloaded laptop said "Offline · 0 waiting" with a change on it the team had not received.
 */
import type PouchDB from 'pouchdb-core';

const MARK_ID = '_local/sent-through';

type Seq = number | string;

export class Unsent {
  private writing: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly db: PouchDB,
    private readonly laptop: string,
    private rev: string | undefined,
    /** changes drained here since the mark, less those the push has confirmed since */
    public count: number,
  ) {}

  /** Counts, past the mark, the changes this laptop wrote: those still to send. */
  static async open(db: PouchDB, laptop: string): Promise<Unsent> {
    const mark = await db.get(MARK_ID).catch(() => null);
    const unsent = new Unsent(db, laptop, mark?._rev, 0);
    unsent.count = await unsent.writtenHereSince((mark?.seq as Seq | undefined) ?? 0);
    return unsent;
  }

  /** Everything the database holds now is on the server (a join's first push, or its pull). */
  static async allSent(db: PouchDB, laptop: string): Promise<Unsent> {
    const unsent = new Unsent(db, laptop, (await db.get(MARK_ID).catch(() => null))?._rev, 0);
    await unsent.mark((await db.info()).update_seq);
    return unsent;
  }

  /** The database's position now: what `caughtUp` is told once the server answers. */
  async position(): Promise<Seq> {
    return (await this.db.info()).update_seq;
  }

  /**
   * Replication paused with the server answering: the push had sent everything up to `seq` (read
   * when it paused). What was drained after it is counted again from the database, which also
   * mends a count that a drain stopped half way and run again had raised twice.
   */
  async caughtUp(seq: Seq): Promise<void> {
    await this.mark(seq);
    this.count = await this.writtenHereSince(seq);
  }

  drained(n: number): void {
    this.count += n;
  }

  /** The push wrote `written` documents to the server, taking the laptop's changes through `seq`. */
  pushed(written: number, seq: Seq | undefined): void {
    this.count = Math.max(0, this.count - written);
    if (seq !== undefined) void this.mark(seq).catch(() => undefined);
  }

  /** Documents whose latest change past `since` this laptop made (by their stamp). */
  private async writtenHereSince(since: Seq): Promise<number> {
    const { results } = await this.db.changes({ since, include_docs: true });
    return results.filter((r) => (r.doc?.stamp as { laptop?: unknown } | undefined)?.laptop === this.laptop).length;
  }

  /** One write at a time: a local document's revision moves with each. */
  private mark(seq: Seq): Promise<unknown> {
    this.writing = this.writing.catch(() => undefined).then(async () => {
      const [written] = (await this.db.bulkDocs([{ _id: MARK_ID, ...(this.rev ? { _rev: this.rev } : {}), seq }])) as { rev?: string }[];
      if (written?.rev) this.rev = written.rev;
    });
    return this.writing;
  }
}
