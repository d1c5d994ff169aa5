/**
 * Where focus goes after a refused submit (issue 19: it fell to <body>, so Escape no longer closed
 * the dialog and a keyboard user lost their place): to the first control of the form that the
 * refusal marks, in the order a person reads the form. Fluent's `Field` marks its control with
 * `aria-invalid` when its message is an error; a control without a `Field` message of its own (the
 * Insert dialog's Add survey button) carries `data-refused`. With none marked, focus stays where it
 * is inside the form, or goes to `fallback` (the submit button).
 *
 * It runs as an effect, after the refusal has rendered: the marks exist only then.
 */
import { useCallback, useEffect, useState, type RefObject } from 'react';

export const REFUSED_ATTRIBUTE = 'data-refused';

export function useRevealRefusal(form: RefObject<HTMLElement | null>, fallback: RefObject<HTMLElement | null>): () => void {
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    const root = form.current;
    if (!refusals || !root) return;
    const target = root.querySelector<HTMLElement>(`[aria-invalid="true"], [${REFUSED_ATTRIBUTE}="true"]`);
    // The message above the fields (a dialog's refusal about no one input) is brought into view too.
    const message = root.querySelector<HTMLElement>('[role="alert"]');
    (message ?? target)?.scrollIntoView({ block: 'nearest' });
    if (target) target.focus({ preventScroll: true });
    else if (!root.contains(document.activeElement)) fallback.current?.focus({ preventScroll: true });
  }, [refusals, form, fallback]);
  return useCallback(() => setRefusals((n) => n + 1), []);
}
