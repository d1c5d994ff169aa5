/**
 * A safety net for modal dialogs. Fluent's modal dialogs hide the rest of the page from assistive
 * technology (`aria-hidden` on the app root) while open; when a page unmounts a dialog that is
 * still open (an action that navigates away from inside it), that attribute can stay behind and
 * hide the whole console from screen readers. After any such change, once no dialog remains in
 * the document, the attribute goes.
 */
const DIALOG_SELECTOR = '[role="dialog"], [role="alertdialog"]';
const SETTLE_MS = 1000;

export function guardAriaHidden(root: HTMLElement): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    timer = undefined;
    if (root.getAttribute('aria-hidden') === 'true' && !document.querySelector(DIALOG_SELECTOR)) {
      root.removeAttribute('aria-hidden');
    }
  };
  const schedule = () => {
    clearTimeout(timer);
    // Give Fluent's own exit animation and clean-up the first word.
    timer = setTimeout(check, SETTLE_MS);
  };
  new MutationObserver(schedule).observe(root, { attributes: true, attributeFilter: ['aria-hidden'] });
  new MutationObserver(() => {
    if (root.getAttribute('aria-hidden') === 'true') schedule();
  }).observe(document.body, { childList: true });
}
