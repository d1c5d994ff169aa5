/**
 * The one way components send intents: dispatches to the engine, shows the answer's flash,
 * highlights the touched rows when the setting is on, and hands the result back (dialogs keep
 * themselves open and show `error` when `ok` is false).
 */
import type { Action, ActionResult } from '../../worker/api';
import { engineClient } from '../engine/client';
import { showFlash } from './flash';
import { highlightRows } from './highlight';

export async function runAction(action: Action): Promise<ActionResult> {
  const client = engineClient();
  const result = await client.dispatch(action);
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
