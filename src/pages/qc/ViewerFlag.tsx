/**
 * The viewer's flag controls (issue 8): the frame's flag shown in words, Flag frame / Unflag
 * buttons, F and U as in the grid, the pre-screen's suggestion and S to accept it, and ? for the shortcuts. Flags need the survey under QC; the
 * engine refuses otherwise, so the buttons are offered only then.
 */
import { useEffect, useState } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { CheckmarkRegular, FlagOffRegular, FlagRegular } from '@fluentui/react-icons';
import type { Suggestion } from '../../../worker/prescreen/measure';
import type { SurveyQcRow } from '../../../worker/screens';
import { sameFrame } from '../../../worker/domain/frameFlags';
import { useAction } from '../../app/useAction';
import { FlagFrameDialog, type FrameAt } from './FlagFrameDialog';
import { ShortcutsDialog } from './ShortcutsDialog';

const useStyles = makeStyles({
  box: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap' },
  flagged: { color: tokens.colorPaletteDarkOrangeForeground1, fontWeight: tokens.fontWeightSemibold },
});

export function ViewerFlag({ survey, at, suggestion }: { survey: SurveyQcRow | undefined; at: FrameAt | null; suggestion: Suggestion | null }) {
  const styles = useStyles();
  const run = useAction();
  const [flagging, setFlagging] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const flag = at && survey ? survey.frameFlags.find((f) => sameFrame(f, at)) : undefined;
  const canFlag = !!at && !!survey?.flags.qcInProgress;
  // The pre-screen's suggestion counts until the frame carries a flag.
  const suggested = flag ? null : suggestion;
  const accept = () => at && suggested && void run({ type: 'flagFrame', ...at, reason: suggested.reason, note: `Pre-screen: ${suggested.figure}` });

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (e.altKey || e.ctrlKey || e.metaKey || target?.closest('input, textarea, select, [role="menu"], [role="listbox"], [role="dialog"]')) return;
      if (e.key === '?') setHelpOpen(true);
      else if (canFlag && at && e.key.toLowerCase() === 'f') setFlagging(true);
      else if (canFlag && at && flag && e.key.toLowerCase() === 'u') void run({ type: 'unflagFrame', ...at });
      else if (canFlag && suggested && e.key.toLowerCase() === 's') accept();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <div className={styles.box}>
      <Text role="status" className={flag ? styles.flagged : undefined}>
        {flag ? `Flagged: ${flag.reason}${flag.note ? ` (${flag.note})` : ''}` : 'Not flagged'}
      </Text>
      {suggested && <Text>{`Suggested: ${suggested.reason} (${suggested.figure})`}</Text>}
      {canFlag && at && (
        <>
          <Button size="small" icon={<FlagRegular />} onClick={() => setFlagging(true)}>
            {flag ? 'Change flag (F)' : 'Flag frame (F)'}
          </Button>
          {flag && (
            <Button size="small" icon={<FlagOffRegular />} onClick={() => void run({ type: 'unflagFrame', ...at })}>
              Unflag (U)
            </Button>
          )}
          {suggested && (
            <Button size="small" icon={<CheckmarkRegular />} onClick={accept}>
              Accept suggestion (S)
            </Button>
          )}
        </>
      )}
      {at && <FlagFrameDialog open={flagging} at={at} current={flag} onClose={() => setFlagging(false)} />}
      <ShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
    </div>
  );
}
