/**
 * The pre-screen's progress on the QC page (issue 8): a progress bar while the worker measures the
 * survey's frames, then how many it suggests flagging.
 */
import { Field, ProgressBar, Text, makeStyles } from '@fluentui/react-components';
import type { PrescreenState } from './prescreen';

const useStyles = makeStyles({ field: { minWidth: '220px' } });

export function PrescreenStatus({ state }: { state: PrescreenState }) {
  const styles = useStyles();
  if (state.status === 'off') return <Text role="status">Pre-screen off: images from an image proxy cannot be measured</Text>;
  if (state.status === 'running') {
    const measured = state.frames.size;
    return (
      <Field className={styles.field} label="Pre-screen" hint={`Pre-screening: ${measured} of ${state.total} frames`} size="small">
        <ProgressBar value={state.total ? measured / state.total : 0} max={1} />
      </Field>
    );
  }
  return (
    <Text role="status">
      Pre-screen: {state.suggested === 1 ? '1 frame suggested' : `${state.suggested} frames suggested`} (S accepts one as a flag)
    </Text>
  );
}
