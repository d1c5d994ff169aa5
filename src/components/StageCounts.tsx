/**
 * A capture's surveys counted by displayed stage, as a row of badges (the capture QC summary).
 */
import { Badge, makeStyles } from '@fluentui/react-components';
import type { CaptureCounts } from '../../worker/domain/types';
import { stageCountRows } from './SurveyBreakdown';

const useStyles = makeStyles({
  list: { display: 'flex', flexWrap: 'wrap', gap: '8px', margin: 0, padding: 0, listStyleType: 'none' },
});

export function StageCounts({ counts, label }: { counts: CaptureCounts; label: string }) {
  const styles = useStyles();
  const rows = stageCountRows(counts);
  return (
    <ul className={styles.list} aria-label={label}>
      <li>
        <Badge appearance="filled" color="brand">
          {counts.surveys} {counts.surveys === 1 ? 'survey' : 'surveys'}
        </Badge>
      </li>
      {rows.map(([stage, n]) => (
        <li key={stage}>
          <Badge appearance="tint" color="informative">
            {stage}: {n}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
