/**
 * In-app navigation moves focus to the new page's heading, as a screen reader user expects from a
 * page load, and so the next Tab starts at the top of the new page. Pages load lazily, so it waits
 * (a few frames, up to ~2 s) for the page's h1. A page that focused something itself (Login's
 * Email) keeps it; so does an open dialog.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

const GIVE_UP_MS = 2000;

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
    const attempt = () => {
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
    return () => cancelAnimationFrame(frame);
  }, [location]);
}
