/**
 * Whether the console can reach its own server (docs/pwa.md#offline-is-learnt-not-only-told): the
 * header says Offline whenever it cannot, however the page was loaded. The browser's word
 * (`navigator.onLine`, the online and offline events) is taken when it says offline, but not
 * trusted when it says online: a page the service worker served from its cache with the network
 * cut was told "online" by the Chromium of one day (issue 31), and a laptop on a network that
 * reaches nothing is told "online" by every browser. So the console also learns it:
 * - it asks the server itself (a HEAD of the service worker's script, never cached) when the page
 *   starts, when the browser says it is back, when the page comes back into view, and, while it
 *   cannot reach it, every few seconds;
 * - the service worker reports each of its own requests that failed or came back (`NETWORK`
 *   messages, sw/reachability.ts).
 * Any answer of the server, whatever its status, means it is reachable: only a request that never
 * got one means it is not.
 */

/** How often, while the server cannot be reached, the console asks again. */
export const PROBE_AGAIN_MS = 5_000;
/** A request with no answer in this time counts as none (a network that swallows packets). */
export const PROBE_TIMEOUT_MS = 8_000;

export interface ReachabilityDeps {
  /** What the browser says: false only when it knows there is no network. */
  browserOnline: () => boolean;
  /** Asks the server once: resolves true on any answer, false when no answer came. */
  ask: () => Promise<boolean>;
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
  /** Told each time the answer changes. */
  report: (offline: boolean) => void;
}

export class Reachability {
  /** What the last question to the server, or the service worker's last request, found; null before any. */
  private reachable: boolean | null = null;
  private asking: Promise<void> | null = null;
  private again: unknown = null;
  private told: boolean | null = null;

  constructor(private readonly deps: ReachabilityDeps) {}

  get offline(): boolean {
    return !this.deps.browserOnline() || this.reachable === false;
  }

  /** The page started: say what the browser says, then ask the server. */
  start(): void {
    this.tell();
    void this.ask();
  }

  /** The browser's online or offline event. */
  browserChanged(): void {
    this.tell();
    if (this.deps.browserOnline()) void this.ask();
  }

  /** The page came back into view (a laptop opened in a van): its answer may be hours old. */
  shown(): void {
    void this.ask();
  }

  /** The service worker's own request got an answer (true) or none (false). */
  learnt(reachable: boolean): void {
    this.found(reachable);
  }

  /** Asks the server, one question at a time. */
  ask(): Promise<void> {
    this.asking ??= this.deps
      .ask()
      .catch(() => false)
      .then((reachable) => this.found(reachable))
      .finally(() => (this.asking = null));
    return this.asking;
  }

  private found(reachable: boolean): void {
    this.reachable = reachable;
    if (this.again !== null) this.deps.clearTimer(this.again);
    this.again = null;
    // Cut off, the console keeps asking: the badge leaves as soon as the server answers again,
    // even where the browser never says it is back.
    if (!reachable) this.again = this.deps.setTimer(() => {
      this.again = null;
      void this.ask();
    }, PROBE_AGAIN_MS);
    this.tell();
  }

  private tell(): void {
    const offline = this.offline;
    if (offline === this.told) return;
    this.told = offline;
    this.deps.report(offline);
  }
}

/** Asks the server at `url` (not cached by anyone): any answer means reachable. */
export async function askServer(url: string, timeoutMs = PROBE_TIMEOUT_MS): Promise<boolean> {
  try {
    await fetch(url, { method: 'HEAD', cache: 'no-store', signal: AbortSignal.timeout(timeoutMs) });
    return true;
  } catch {
    return false;
  }
}
