/**
 * /surveys (flag): the first LIST_CAP surveys of the engine's order, with a Capture column
 * (SPEC §2, §9).
 */
import { useMemo } from 'react';
import { Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { LIST_CAP } from '../../../worker/domain/constants';
import { useIds } from '../../engine/hooks';
import { SurveyTable } from '../../components/SurveyTable';

const COLUMNS = { capture: true, actions: true } as const;

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '12px' },
  note: { color: tokens.colorNeutralForeground3 },
});

export default function SurveysPage() {
  const styles = useStyles();
  const all = useIds('surveys');
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
