/**
 * /surveys (flag): the first LIST_CAP surveys of the engine's order, with a Capture column
 * (SPEC §2, §9). Surveys not yet received are never displayed (SPEC §4) and not counted.
 */
import { useMemo } from 'react';
import { Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { Link, useSearch } from 'wouter';
import { engineClient } from '../../engine/client';
import { useKindVersion } from '../../engine/hooks';
import { paths } from '../../app/paths';
import { LIST_CAP } from '../../../worker/domain/constants';
import { useIds } from '../../engine/hooks';
import { SurveyTable } from '../../components/SurveyTable';
import { useShownSurveyIds } from '../../hooks/useShownSurveyIds';

const COLUMNS = { capture: true, actions: true } as const;

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '12px' },
  note: { color: tokens.colorNeutralForeground3 },
});

export default function SurveysPage() {
  const styles = useStyles();
  // Capped after leaving out the surveys no list displays (not yet received), so "the first 150"
  // are 150 rows.
  const shown = useShownSurveyIds(useIds('surveys'));
  // `?stage=Processing`: the dashboard's pipeline bars open the list of one displayed stage.
  const stage = new URLSearchParams(useSearch()).get('stage');
  const version = useKindVersion('surveys');
  const all = useMemo(() => {
    if (!stage) return shown;
    const { model } = engineClient();
    return shown.filter((id) => model.get('surveys', id)?.display === stage);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown, stage, version]);
  const ids = useMemo(() => all.slice(0, LIST_CAP), [all]);
  return (
    <section className={styles.page} aria-labelledby="surveys-title">
      <Title2 as="h1" id="surveys-title">
        Surveys
      </Title2>
      {stage && (
        <Text>
          {all.length} {all.length === 1 ? 'survey' : 'surveys'} at <strong>{stage}</strong> ·{' '}
          <Link href={paths.surveys()}>Show every stage</Link>
        </Text>
      )}
      {all.length > LIST_CAP && (
        <Text className={styles.note}>
          Showing the first {LIST_CAP} of {all.length} surveys.
        </Text>
      )}
      <SurveyTable label="Surveys" surveyIds={ids} columns={COLUMNS} />
    </section>
  );
}
