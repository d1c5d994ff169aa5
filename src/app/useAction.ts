/**
 * The one way components send intents: dispatches to the engine, shows the answer's flash,
 * highlights the touched rows when the setting is on, and hands the result back (dialogs keep
 * themselves open and show `error` when `ok` is false).
 */
import type { Action, ActionResult } from '../../worker/api';
import { engineClient } from '../engine/client';
import { showFlash } from './flash';
import { highlightRows } from './highlight';

/**
 * How long an action may take before the person is told (issue 19: never an endless spinner). A
 * change is saved when its answer comes; until then the console says only what it knows.
 */
export const CALL_PATIENCE_MS = 15_000;

export const TAKING_LONGER =
  'This is taking longer than it should. Your change is not saved yet; the console will say so when it is, or why not.';

/** The engine's answer to `action`; after CALL_PATIENCE_MS without one, the person is told. Never throws. */
export async function answerOf(action: Action): Promise<ActionResult> {
  const client = engineClient();
  const patience = setTimeout(() => showFlash({ category: 'warning', text: TAKING_LONGER }), CALL_PATIENCE_MS);
  let result: ActionResult;
  try {
    result = await client.dispatch(action);
  } catch (error) {
    // The engine's thread failed to answer at all: what happened to the change is not known here.
    const why = error instanceof Error && error.message ? ` (${error.message})` : '';
    result = { ok: false, error: `The console could not answer${why}. Your change may not be saved: reload the page to see what was kept.`, storage: true };
  } finally {
    clearTimeout(patience);
  }
  return result;
}

export async function runAction(action: Action): Promise<ActionResult> {
  const client = engineClient();
  const result = await answerOf(action);
  if (result.ok) {
    if (result.flash) showFlash(result.flash);
    if (result.highlight?.length && client.model.flags.highlighter) highlightRows(result.highlight);
  } else if (result.storage) {
    // Not about any field: the change was not kept, whatever page or dialog asked for it.
    showFlash({ category: 'danger', text: result.error });
  }
  return result;
}

/** The hook form pages use: `runAction` itself, a module function and so already stable. */
export function useAction(): (action: Action) => Promise<ActionResult> {
  return runAction;
}
