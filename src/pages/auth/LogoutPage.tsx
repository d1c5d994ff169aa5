/**
 * /logout in any state (docs/requirements.md#req-routes, #req-roles): ends the session, then goes to /login.
 */
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useAction } from '../../app/useAction';
import { engineClient } from '../../engine/client';
import { paths } from '../../app/paths';
import { BootSpinner } from '../../shell/BootSpinner';

export default function LogoutPage() {
  const act = useAction();
  const [, navigate] = useLocation();
  useEffect(() => {
    let live = true;
    void (async () => {
      await act({ type: 'logout' });
      // Saved at once, so a reload right after cannot bring the session back.
      await engineClient().flush();
      if (live) navigate(paths.login(), { replace: true });
    })();
    return () => {
      live = false;
    };
  }, [act, navigate]);
  return <BootSpinner label="Signing out…" />;
}
