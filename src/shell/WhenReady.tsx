/**
 * Holds a page back until the engine has answered the boot (the session), showing how far the boot
 * has come meanwhile. Guards sit outside it, so they decide (from localStorage) before the engine is up.
 */
import type { ReactNode } from 'react';
import { useEngineReady } from '../engine/hooks';
import { BootProgressSpinner } from './BootProgressSpinner';

export function WhenReady({ children }: { children: ReactNode }) {
  return useEngineReady() ? <>{children}</> : <BootProgressSpinner />;
}
