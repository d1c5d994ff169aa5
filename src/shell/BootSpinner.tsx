/**
 * What the content area shows while the engine boots (loading stored data or all.json).
 */
import { Spinner, makeStyles } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: '50vh' },
});

export function BootSpinner({ label = 'Loading survey data…' }: { label?: string }) {
  const s = useStyles();
  return (
    <div className={s.root}>
      <Spinner size="large" label={label} labelPosition="below" />
    </div>
  );
}
