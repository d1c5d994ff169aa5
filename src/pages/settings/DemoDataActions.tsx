/**
 * The demo data buttons of Settings (docs/requirements.md#req-screen-settings, #req-flash-texts), each after a confirmation:
 * Reset Demo (reloads the sample data and signs out → /login, 'The demo has been reset.'),
 * Clean Demo (removes all media and surveys → /captures, 'The demo has been cleaned'),
 * SAMPLE ONLY (keeps only the sample project → /captures), and Reload sample data (keeps the
 * session and stays).
 */
import { useState } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowCounterclockwise20Regular, ArrowSync20Regular, Broom20Regular, Filter20Regular } from '@fluentui/react-icons';
import { useLocation } from 'wouter';
import type { Action } from '../../../worker/api';
import { SAMPLE } from '../../../worker/domain/constants';
import { useAction } from '../../app/useAction';
import { showFlash } from '../../app/flash';
import { paths } from '../../app/paths';
import { confirmDialog } from '../../components/presets';

interface DemoAction {
  label: string;
  icon: React.JSX.Element;
  action: Action;
  confirm: { title: string; message: string; okLabel?: string };
  /** Where the console goes after it (none: stay). */
  then?: string;
  describe: string;
}

const DEMO_ACTIONS: DemoAction[] = [
  {
    label: 'Reset Demo',
    icon: <ArrowCounterclockwise20Regular />,
    action: { type: 'resetDemo' },
    confirm: { title: 'Reset Demo', message: 'Reload the sample data, discard every change made in this demo, and sign out?' },
    then: paths.login(),
    describe: 'Reloads the sample data as shipped and signs out.',
  },
  {
    label: 'Clean Demo',
    icon: <Broom20Regular />,
    action: { type: 'cleanDemo' },
    confirm: { title: 'Clean Demo', message: 'Remove all media sets and surveys, and empty every drive?' },
    then: paths.captures(),
    describe: 'Removes all media and surveys, so a demo can start from empty drives.',
  },
  {
    label: 'SAMPLE ONLY',
    icon: <Filter20Regular />,
    action: { type: 'sampleOnly' },
    confirm: { title: 'SAMPLE ONLY', message: `Keep only the sample project (${SAMPLE.cpid}) and remove everything else?` },
    then: paths.captures(),
    describe: `Keeps only the sample project: capture ${SAMPLE.cpid}, flight plan ${SAMPLE.flightPlanCode}, media ${SAMPLE.mediaId}.`,
  },
  {
    label: 'Reload sample data',
    icon: <ArrowSync20Regular />,
    action: { type: 'reloadData' },
    confirm: { title: 'Reload sample data', message: 'Fetch the sample data again? Changes made in this demo are replaced.' },
    describe: 'Fetches the sample data again (from the cache when offline) and keeps you signed in.',
  },
];

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'grid', gridTemplateColumns: '200px minmax(0, 1fr)', alignItems: 'center', gap: tokens.spacingHorizontalL },
  button: { justifyContent: 'flex-start' },
  describe: { color: tokens.colorNeutralForeground2 },
});

export function DemoDataActions() {
  const s = useStyles();
  const act = useAction();
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (d: DemoAction) => {
    if (!(await confirmDialog(d.confirm))) return;
    setBusy(d.label);
    try {
      const result = await act(d.action);
      if (!result.ok && !result.storage) showFlash({ category: 'danger', text: result.error });
      else if (result.ok && d.then) navigate(d.then, { replace: d.action.type === 'resetDemo' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className={s.root}>
      {DEMO_ACTIONS.map((d) => (
        <div key={d.label} className={s.row}>
          <Button className={s.button} icon={d.icon} disabled={busy !== null} onClick={() => void run(d)}>
            {d.label}
          </Button>
          <Text className={s.describe}>{d.describe}</Text>
        </div>
      ))}
    </div>
  );
}
