/**
 * The settings switches (docs/requirements.md#req-screen-settings, #req-default-flags): the optional Projects and (All) Surveys pages, and row
 * highlighting. The engine owns the flags; a switch sends `setFlags` and shows what comes back.
 */
import { Switch, makeStyles, tokens } from '@fluentui/react-components';
import type { Flags } from '../../../worker/domain/types';
import { useFlags } from '../../engine/hooks';
import { useAction } from '../../app/useAction';

type BooleanFlag = keyof Pick<Flags, 'projects' | 'surveys' | 'highlighter'>;

const SWITCHES: { flag: BooleanFlag; label: string }[] = [
  { flag: 'projects', label: 'Include Projects Page' },
  { flag: 'surveys', label: 'Include (All) Surveys Page' },
  { flag: 'highlighter', label: 'Highlight row when action performed' },
];

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
});

export function DisplaySettings() {
  const s = useStyles();
  const flags = useFlags();
  const act = useAction();
  return (
    <div className={s.root}>
      {SWITCHES.map(({ flag, label }) => (
        <Switch
          key={flag}
          label={label}
          checked={flags[flag]}
          onChange={(_, data) => void act({ type: 'setFlags', flags: { [flag]: data.checked } })}
        />
      ))}
    </div>
  );
}
