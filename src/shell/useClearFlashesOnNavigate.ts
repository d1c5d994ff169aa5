/**
 * docs/requirements.md#req-navigate-clears-flash "Navigating clears flash messages": on every change of path or query, the flashes raised
 * before the person's latest input go (see `clearFlashesOnNavigation`).
 */
import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { clearFlashesOnNavigation } from '../app/flash';

export function useClearFlashesOnNavigate(): void {
  const [location] = useLocation();
  const search = useSearch();
  const first = useRef(true);
  useEffect(() => {
    // The first render is the page load itself: engine notices raised while booting stay.
    if (first.current) {
      first.current = false;
      return;
    }
    clearFlashesOnNavigation();
  }, [location, search]);
}
