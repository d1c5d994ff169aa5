/**
 * Holds a page back until the engine has answered the boot (the session), showing "Loading survey data…"
 * meanwhile. Guards sit outside it, so they decide (from localStorage) before the engine is up.
 */
import type { ReactNode } from 'react';
import { useBootProgress, useEngineReady } from '../engine/hooks';
import { BootSpinner } from './BootSpinner';
import { bootProgressText } from './bootProgressText';

export function WhenReady({ children }: { children: ReactNode }) {
  const ready = useEngineReady();
  const progress = useBootProgress();
  return ready ? <>{children}</> : <BootSpinner label={bootProgressText(progress)} />;
}
