/**
 * The capture table's survey count, with a hover (and focus) breakdown of its surveys by
 * displayed stage (docs/requirements.md#req-screen-captures, #req-displayed-stages). The engine keeps `capture.counts`; this only labels them.
 */
import { Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import type { CaptureCounts } from '../../worker/domain/types';

import { STAGE_COUNTS } from '../../worker/domain/surveyDisplay';

export { STAGE_COUNTS };

/**
 * The non-zero counts with their labels. Surveys in no displayed stage (cancelled ones) are the
 * remainder of the total, so the breakdown always adds up to the count shown. Surveys on media
 * not yet received have their own count, so they are never taken for cancelled ones.
 */
export function stageCountRows(counts: CaptureCounts): [string, number][] {
  const rows: [string, number][] = STAGE_COUNTS.filter(([key]) => counts[key] > 0).map(([key, label]) => [label, counts[key]]);
  const rest = counts.surveys - rows.reduce((sum, [, n]) => sum + n, 0);
  if (rest > 0) rows.push(['Cancelled', rest]);
  return rows;
}

const useStyles = makeStyles({
  count: {
    cursor: 'help',
    textDecorationLine: 'underline',
    textDecorationStyle: 'dotted',
    textUnderlineOffset: '3px',
    color: tokens.colorNeutralForeground1,
  },
  list: { margin: 0, padding: 0, listStyleType: 'none', minWidth: '180px' },
  item: { display: 'flex', justifyContent: 'space-between', gap: '16px' },
});

export function SurveyBreakdown({ counts, cpid }: { counts: CaptureCounts; cpid: string }) {
  const styles = useStyles();
  const rows = stageCountRows(counts);
  const content =
    rows.length === 0 ? (
      'No surveys yet'
    ) : (
      <ul className={styles.list} aria-label={`Surveys of ${cpid} by stage`}>
        {rows.map(([label, n]) => (
          <li key={label} className={styles.item}>
            <span>{label}</span>
            <strong>{n}</strong>
          </li>
        ))}
      </ul>
    );
  return (
    <Tooltip content={content} relationship="description" withArrow positioning="after">
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focusable, so a keyboard user reaches the breakdown too */}
      <span className={styles.count} tabIndex={0} data-testid="survey-count">
        {counts.surveys}
      </span>
    </Tooltip>
  );
}
