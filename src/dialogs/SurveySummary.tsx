/**
 * The few facts that say which survey a dialog acts on: id, capture, flight plan, flown on.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import type { SurveyRow } from '../../worker/screens';
import { shortId } from '../../worker/domain/shortId';
import { formatDay } from '../components/dates';

const useStyles = makeStyles({
  list: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: '16px', rowGap: '4px', margin: 0 },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0 },
});

export function SurveySummary({ survey }: { survey: SurveyRow }) {
  const styles = useStyles();
  const rows: [string, string][] = [
    ['Survey', shortId(survey.surveyId)],
    ['Capture', survey.cpid],
    ['Flight plan', survey.flightPlan ? `${survey.flightPlan.code} ${survey.flightPlan.name}` : '—'],
    ['Flown on', formatDay(survey.flownOn)],
    ['Status', survey.stage.statusLabel],
  ];
  return (
    <dl className={styles.list}>
      {rows.map(([term, value]) => (
        <div key={term} style={{ display: 'contents' }}>
          <dt className={styles.term}>{term}</dt>
          <dd className={styles.value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
