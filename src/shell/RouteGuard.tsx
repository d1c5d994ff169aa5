/**
 * The route guards of docs/requirements.md#req-route-guard, #req-roles. Only two states exist: logged in or anonymous. The session
 * is read synchronously from localStorage at boot, so a guard decides before the engine is up.
 */
import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import type { Flags } from '../../worker/domain/types';
import { useCurrent, useEngineReady, useFlags } from '../engine/hooks';
import { paths } from '../app/paths';
import { NotFoundPage } from '../pages/NotFoundPage';
import { BootProgressSpinner } from './BootProgressSpinner';

/**
 * Anonymous visitors go to /login with the original path and query in `redirect`. A signed-in
 * session read from localStorage lets the page start at once; an anonymous one waits for the
 * engine's word, because a reload within the save delay (500 ms) after signing in finds the
 * session only in the engine's IndexedDB copy.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const current = useCurrent();
  const ready = useEngineReady();
  const [location] = useLocation();
  const search = useSearch();
  if (!current.loggedIn && !ready) return <BootProgressSpinner />;
  if (!current.loggedIn) {
    const original = search ? `${location}?${search}` : location;
    return <Redirect to={paths.login(original)} replace />;
  }
  return <>{children}</>;
}

/** Pages behind a feature flag do not exist while it is off (docs/requirements.md#req-screen-not-found: Page Not Found). */
export function RequireFlag({ flag, children }: { flag: keyof Pick<Flags, 'projects' | 'surveys'>; children: ReactNode }) {
  const flags = useFlags();
  return flags[flag] ? <>{children}</> : <NotFoundPage />;
}
