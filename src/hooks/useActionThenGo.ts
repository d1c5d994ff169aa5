/**
 * Actions that leave the page when they succeed (Start QC opens the QC page; approving or
 * rejecting returns to a list, docs/requirements.md#req-survey-qc). Navigating clears flash
 * messages (docs/requirements.md#req-navigate-clears-flash), so the answer's flash is shown only
 * once the new page is on screen; on failure nothing moves and the caller (a dialog) shows the
 * error.
 */
import { useCallback } from 'react';
import { useLocation } from 'wouter';
import type { Action, ActionResult } from '../../worker/api';
import { engineClient } from '../engine/client';
import { showFlash } from '../app/flash';
import { highlightRows } from '../app/highlight';
import { answerOf } from '../app/useAction';

/** Resolves after the navigation has rendered and its effects (the flash clearing) have run. */
function afterNavigation(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

export function useActionThenGo(): (action: Action, to: string) => Promise<ActionResult> {
  const [, navigate] = useLocation();
  return useCallback(
    async (action: Action, to: string) => {
      const client = engineClient();
      const result = await answerOf(action);
      if (!result.ok) return result;
      navigate(to);
      await afterNavigation();
      if (result.flash) showFlash(result.flash);
      if (result.highlight?.length && client.model.flags.highlighter) highlightRows(result.highlight);
      return result;
    },
    [navigate],
  );
}
