/**
 * /surveys (flag): the first LIST_CAP surveys of the engine's order, with a Capture column
 * (SPEC §2, §9). Surveys not yet received are never displayed (SPEC §4) and not counted.
 */
import { useMemo } from 'react';
import { Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
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
  const all = useShownSurveyIds(useIds('surveys'));
  const ids = useMemo(() => all.slice(0, LIST_CAP), [all]);
  return (
    <section className={styles.page} aria-labelledby="surveys-title">
      <Title2 as="h1" id="surveys-title">
        Surveys
      </Title2>
      {all.length > LIST_CAP && (
        <Text className={styles.note}>
          Showing the first {LIST_CAP} of {all.length} surveys.
        </Text>
      )}
      <SurveyTable label="Surveys" surveyIds={ids} columns={COLUMNS} />
    </section>
  );
}
