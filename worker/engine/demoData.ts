/**
 * Reset Demo, Reload sample data and Import demo data (docs/requirements.md#req-screen-settings Settings): each replaces the world
 * whole, on disk and then on every screen, keeping or ending the session as it stands once the
 * writes before it have landed. A refused write leaves the world the store holds. A call forwarded
 * by another tab (`callId`) stores its answer with the new world, so a new leader answers its
 * re-send with that answer instead of replacing the world twice (docs/architecture.md#arch-tabs).
 */
import type { ActionResult } from '../api';
import type { CallLog } from './callLog';
import { DATA_VERSION } from '../domain/constants';
import { isOtherVersion } from '../domain/dataVersion';
import { restore } from '../domain/restore';
import type { Db } from '../domain/dataFile';
import { loadSample } from './bootChoice';
import type { Clock } from './clock';
import { storageFailure } from './storageFailure';
import type { World } from './world';
import type { Writer } from './writer';

export class DemoData {
  constructor(
    private readonly world: World,
    private readonly writer: Writer,
    private readonly clock: Clock,
    private readonly loadText: (url: string) => Promise<string>,
    private readonly baseUrl: () => string,
    private readonly calls: CallLog,
  ) {}

  /** The sample data as this console serves it, unread (a seeded team world restores it: docs/sync.md). */
  sampleText(): Promise<string> {
    return this.loadText(new URL(`data/all.json?v=${this.clock.now()}`, this.baseUrl() || 'http://localhost/').href);
  }

  /** Reset Demo: the sample data afresh, and nobody signed in. */
  reset(callId?: string): Promise<ActionResult> {
    return this.fromSample(false, callId, () => ({ ok: true, flash: { category: 'info', text: 'The demo has been reset.' }, session: this.session() }));
  }

  /** Reload sample data: the sample data afresh, the session kept. */
  reload(callId?: string): Promise<ActionResult> {
    return this.fromSample(true, callId, () => ({ ok: true, flash: { category: 'success', text: 'The sample data has been reloaded' }, session: this.session() }));
  }

  /** Import demo data: a file in the all.json shape, version 45, validated by restore(). */
  async import(text: unknown, callId?: string): Promise<ActionResult> {
    if (typeof text !== 'string' || !text.trim()) return { ok: false, error: 'The file is empty' };
    const now = this.clock.now();
    const result = restore(text, now, { source: 'The file', speed: this.world.flags.speed });
    if (!result.ok) return { ok: false, error: result.error };
    if (isOtherVersion(result.db.version)) {
      return { ok: false, error: `The file is demo data version ${result.db.version}; this console reads version ${DATA_VERSION}` };
    }
    result.db.loadedAt = now;
    // An export from before the history was kept begins its history here (docs/history.md#kept).
    result.db.history ??= { since: now, origin: 'import' };
    return this.replace(result.db, now, true, callId, () => ({ ok: true, flash: { category: 'success', text: 'The demo data has been imported' } }));
  }

  private session() {
    return { current: this.world.current, flags: { ...this.world.flags } };
  }

  private async fromSample(keepSession: boolean, callId: string | undefined, answer: () => ActionResult): Promise<ActionResult> {
    const now = this.clock.now();
    const sample = await loadSample(this.loadText, this.baseUrl(), now, this.world.flags.speed);
    if (!sample.ok) return { ok: false, error: `The sample data could not be loaded: ${sample.error}` };
    return this.replace(sample.db, now, keepSession, callId, answer);
  }

  /** The new world written whole, with the call's answer; answers the failure if the store refused it. */
  private replace(db: Db, now: number, keepSession: boolean, callId: string | undefined, answer: () => ActionResult): Promise<ActionResult> {
    return this.writer.exclusive(async () => {
      const before = this.world.current;
      if (!keepSession) this.world.current = { loggedIn: false, user: null };
      const result = answer();
      try {
        await this.writer.replace(db, now, callId ? { id: callId, result } : undefined);
      } catch (error) {
        this.world.current = before;
        await this.writer.rollBack();
        return { ok: false, error: storageFailure(error), storage: true };
      }
      if (callId) this.calls.add(callId, result);
      this.writer.replacements.emit({});
      return result;
    });
  }
}
