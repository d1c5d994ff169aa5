/**
 * What the team's waiting documents name, asked of the server by id (issue 49,
 * docs/sync.md#what-is-not-taken). A document that names what this laptop does not hold never
 * waits on replication's feed to bring it: whatever the order the documents came in, and however
 * far the join's pull or the live feed had read, the laptop asks the server for what it names,
 * writes what the server holds into its database, and the inbox takes both once both are whole.
 * What the server does not hold either stays waiting, counted and named, until a pull brings
 * something new: then it is asked again.
 */
export interface NeededAskedEvents {
  /** asks the server for these documents and writes what it holds into the laptop's database; answers how many it wrote */
  bring(ids: readonly string[]): Promise<number>;
  /** an ask ended: it wrote `brought` documents (the inbox reads them), or failed (asked again at the next round) */
  asked(brought: number): void;
  trace(line: string): void;
}

export class NeededAsked {
  /** asked since the server last brought a change: not asked again until it does */
  private readonly asked = new Set<string>();
  private inFlight = false;

  constructor(private readonly events: NeededAskedEvents) {}

  /** An ask is on its way: the laptop does not yet know whether the server holds what waits. */
  get asking(): boolean {
    return this.inFlight;
  }

  /** The server brought a change: what waits is asked again (it may hold it now). */
  pulled(): void {
    this.asked.clear();
  }

  /** Asks for what `needed` names that was not asked since the last pull; one ask at a time (the next round asks the rest). */
  ask(needed: readonly string[]): void {
    if (this.inFlight) return;
    const fresh = needed.filter((id) => !this.asked.has(id));
    if (!fresh.length) return;
    for (const id of fresh) this.asked.add(id);
    this.inFlight = true;
    this.events.bring(fresh).then(
      (brought) => this.done(brought),
      (error: unknown) => {
        this.events.trace(`asking for ${fresh.length} documents failed: ${error instanceof Error ? error.message : String(error)}`);
        // Not known: asked again at the next round.
        for (const id of fresh) this.asked.delete(id);
        this.done(0);
      },
    );
  }

  private done(brought: number): void {
    this.inFlight = false;
    this.events.asked(brought);
  }
}
