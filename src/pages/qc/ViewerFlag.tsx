/**
 * The viewer's flag controls (issue 8): the frame's flag shown in words, Flag frame / Unflag
 * buttons, F and U as in the grid, the pre-screen's suggestion and S to accept it, and ? for the shortcuts. Flags need the survey under QC; the
 * engine refuses otherwise, so the buttons are offered only then.
 */
import { useEffect, useState } from 'react';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { CheckmarkRegular, FlagOffRegular, FlagRegular } from '@fluentui/react-icons';
import type { Suggestion } from '../../../worker/prescreen/measure';
import type { SurveyQcRow } from '../../../worker/screens';
import { sameFrame } from '../../../worker/domain/frameFlags';
import { useAction } from '../../app/useAction';
import { FlagFrameDialog, type FrameAt } from './FlagFrameDialog';
import { ShortcutsDialog } from './ShortcutsDialog';
import { RoleButton, surveyNamed, useRoleRefusal } from '../../app/roleRefusal';

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
  // A technician on a colleague's survey sees the flag buttons disabled with why, and F, U and S open nothing (issue 52).
  const refused = useRoleRefusal()('flagFrame', survey ? surveyNamed(survey) : undefined);
  const canFlag = !!at && !!survey?.flags.qcInProgress;
  const mayFlag = canFlag && !refused;
  // The pre-screen's suggestion counts until the frame carries a flag.
  const suggested = flag ? null : suggestion;
  const accept = () => at && suggested && void run({ type: 'flagFrame', ...at, reason: suggested.reason, note: `Pre-screen: ${suggested.figure}` });

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (e.altKey || e.ctrlKey || e.metaKey || target?.closest('input, textarea, select, [role="menu"], [role="listbox"], [role="dialog"]')) return;
      if (e.key === '?') setHelpOpen(true);
      else if (mayFlag && at && e.key.toLowerCase() === 'f') setFlagging(true);
      else if (mayFlag && at && flag && e.key.toLowerCase() === 'u') void run({ type: 'unflagFrame', ...at });
      else if (mayFlag && suggested && e.key.toLowerCase() === 's') accept();
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
          <RoleButton refusal={refused} size="small" icon={<FlagRegular />} onClick={() => setFlagging(true)}>
            {flag ? 'Change flag (F)' : 'Flag frame (F)'}
          </RoleButton>
          {flag && (
            <RoleButton refusal={refused} size="small" icon={<FlagOffRegular />} onClick={() => void run({ type: 'unflagFrame', ...at })}>
              Unflag (U)
            </RoleButton>
          )}
          {suggested && (
            <RoleButton refusal={refused} size="small" icon={<CheckmarkRegular />} onClick={accept}>
              Accept suggestion (S)
            </RoleButton>
          )}
        </>
      )}
      {at && <FlagFrameDialog open={flagging} at={at} current={flag} onClose={() => setFlagging(false)} />}
      <ShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
    </div>
  );
}
