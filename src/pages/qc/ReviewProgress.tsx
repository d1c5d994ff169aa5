/**
 * Review progress in the QC page header (issue 8): "n of N frames seen" over the survey's lines
 * as a Fluent ProgressBar. What counts as seen is qcSeen.ts's concern.
 */
import { Field, ProgressBar, makeStyles } from '@fluentui/react-components';
import { seenText } from './qcSeen';

const useStyles = makeStyles({ field: { minWidth: '220px', marginTop: '6px' } });

export function ReviewProgress({ seen, total }: { seen: number; total: number }) {
  const styles = useStyles();
  return (
    <Field className={styles.field} label="Review progress" hint={seenText(seen, total)} size="small">
      <ProgressBar value={total ? seen / total : 0} max={1} thickness="large" color={seen >= total && total > 0 ? 'success' : 'brand'} />
    </Field>
  );
}
