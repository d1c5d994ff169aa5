/**
 * In-app navigation moves focus to the new page's heading, as a screen reader user expects from a
 * page load, and so the next Tab starts at the top of the new page. Pages load lazily and draw
 * their heading once their first rows are answered, which on a busy laptop takes seconds: it waits
 * for the page's h1 until the person presses a key or the pointer, types or pastes into a field
 * (an input event: a paste from the context menu, or text filled in, presses no key), or
 * GIVE_UP_MS. A page that focused something itself (Login's Email) keeps it; so does an open dialog.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

const GIVE_UP_MS = 15_000;

export function useFocusHeadingOnNavigate(): void {
  const [location] = useLocation();
  const first = useRef(true);
  useEffect(() => {
    // The first render is the page load itself: the browser starts at the top already.
    if (first.current) {
      first.current = false;
      return;
    }
    const started = performance.now();
    const focusedBefore = document.activeElement;
    let frame = 0;
    let interrupted = false;
    const interrupt = () => (interrupted = true);
    document.addEventListener('keydown', interrupt, { capture: true, once: true });
    document.addEventListener('pointerdown', interrupt, { capture: true, once: true });
    document.addEventListener('input', interrupt, { capture: true, once: true });
    const attempt = () => {
      if (interrupted) return;
      const main = document.getElementById('main');
      const active = document.activeElement;
      const pageTookFocus = main && active && active !== main && main.contains(active);
      // The person moved on already (typed in the search box while the page loaded): leave them be.
      const movedOn = active && active !== focusedBefore && active !== document.body;
      if (movedOn) return;
      const dialogOpen = document.querySelector('[role="dialog"], [role="alertdialog"]');
      if (pageTookFocus || dialogOpen) return;
      const heading = main?.querySelector<HTMLElement>('h1');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
        return;
      }
      if (performance.now() - started < GIVE_UP_MS) frame = requestAnimationFrame(attempt);
    };
    frame = requestAnimationFrame(attempt);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('keydown', interrupt, { capture: true });
      document.removeEventListener('pointerdown', interrupt, { capture: true });
      document.removeEventListener('input', interrupt, { capture: true });
    };
  }, [location]);
}
