/**
 * One action, from its call to its commit (docs/architecture.md#arch-action-flow): a call an
 * earlier leader applied answered as it was, an action refused while the store cannot hold the
 * world or while team sync refuses it, the world stepped to now, the handler applied, its history
 * entries stamped, and its change written in one transaction before it is answered. Runs on the
 * writer's queue with the clock held (Engine.dispatch).
 */
import type { Action, ActionResult } from '../api';
import type { Current, Flags } from '../domain/types';
import { actionFault, type ActionContext } from './actions/context';
import { applyAction, type SynchronousAction } from './actions/dispatch';
import type { CallLog } from './callLog';
import type { Clock } from './clock';
import type { HistoryNote } from './historyBook';
import { step } from './simulation';
import { storageFailure } from './storageFailure';
import type { WorldBatch, WorldStore } from './store/worldStore';
import type { World } from './world';
import type { Writer } from './writer';
import { roleRefusalOf } from './roleRefusal';

/** Actions that change only the session: kept in memory while the store cannot hold the world. */
const SESSION_ACTIONS: ReadonlySet<Action['type']> = new Set(['login', 'logout', 'setFlags']);

export interface ActionCommitParts {
  world: World;
  writer: Writer;
  store: WorldStore;
  calls: CallLog;
  clock: Clock;
  newId: () => string;
}

export class ActionCommits {
  constructor(private readonly parts: ActionCommitParts) {}

  /** The answer a call already had (in this engine, or stored by an earlier leader), if any. */
  async known(callId: string): Promise<ActionResult | undefined> {
    return this.parts.calls.answer(callId) ?? (await this.parts.store.answerOf(callId).catch(() => undefined));
  }

  /** Applies `action` and answers once its change is on disk; `callId` makes a replay answer as the first time. */
  async apply(action: Action, callId: string | undefined): Promise<ActionResult> {
    const { world, writer, calls } = this.parts;
    const known = callId ? await this.known(callId) : undefined;
    // A call an earlier leader applied is answered as it was then, session and all: the page
    // writes the session it is answered with (a reload right after finds it).
    if (known) return known.ok && SESSION_ACTIONS.has(action.type) ? { ...known, session: this.sessionNow() } : known;
    // Nothing is confirmed that is not on disk: while the store cannot hold the world, only the
    // session (sign in, out, the settings) changes, in memory, as the banner says.
    if (writer.unsaved !== null && !SESSION_ACTIONS.has(action.type)) return { ok: false, error: writer.unsaved, storage: true };
    // What team sync refuses: a new world over the team's, or what is in conflict until a person settles it.
    // What the person's role does not allow, in a team world: refused before the server would (issue 52).
    const refused = writer.sync?.refusal(action) ?? roleRefusalOf(action, world, writer.sync);
    if (refused) return { ok: false, error: refused };
    const now = this.parts.clock.now();
    step(world, now);
    // While syncing, what time alone changed is committed first, as a tick: an action's outbox
    // holds what the person changed, and every laptop derives the rest from stored times.
    if (writer.sync) writer.commitTick(now);
    const notes: HistoryNote[] = [];
    const ctx: ActionContext = { world, now, newId: this.parts.newId, note: (what, on) => void notes.push({ what, on }) };
    let result: ActionResult;
    try {
      result = applyAction(ctx, action as SynchronousAction);
    } catch (error) {
      // A handler that throws is a bug, and it may have changed part of the world first: memory goes
      // back to what the store holds (the world before this action) and the call is answered.
      await writer.rollBack();
      return { ok: false, error: actionFault(error) };
    }
    try {
      const extra: Partial<WorldBatch> = {};
      if (callId) {
        extra.call = { id: callId, result };
        const forget = calls.add(callId, result);
        if (forget.length) extra.forget = forget;
      }
      // A refused action changed nothing and writes no entry (handlers check everything first).
      // One id for the action, in its entries and in its team documents' stamp.
      const tx = result.ok ? writer.history.nextAction() : undefined;
      const entries = tx ? writer.history.stamp(notes, now, tx) : [];
      const session = await writer.commitAction(now, extra, entries, tx);
      return session && result.ok ? { ...result, session: this.sessionNow() } : result;
    } catch (error) {
      if (callId) calls.drop(callId);
      return { ok: false, error: storageFailure(error), storage: true };
    }
  }

  private sessionNow(): { current: Current; flags: Flags } {
    return { current: this.parts.world.current, flags: { ...this.parts.world.flags } };
  }
}
