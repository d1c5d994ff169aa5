/**
 * /surveys (flag): the first LIST_CAP surveys of the engine's order, with a Capture column
 * (docs/requirements.md#req-screen-all-surveys, #req-list-cap). Surveys not yet received are never
 * displayed (docs/requirements.md#req-displayed-stages) and not counted. "My favorites"
 * (`?favorites=1`) narrows it to the surveys the signed-in person starred.
 */
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { Link, useSearch } from 'wouter';
import { useView } from '../../engine/hooks';
import { paths } from '../../app/paths';
import { LIST_CAP } from '../../../worker/domain/constants';
import { SurveyTable } from '../../components/SurveyTable';
import { ListHeading } from '../../components/ListHeading';
import { useFavoritesSwitch } from '../../hooks/useFavoritesSwitch';

const COLUMNS = { capture: true, actions: true } as const;

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '12px' },
  note: { color: tokens.colorNeutralForeground3 },
});

export default function SurveysPage() {
  const styles = useStyles();
  // `?stage=Processing`: the dashboard's pipeline bars open the list of one displayed stage.
  const stage = new URLSearchParams(useSearch()).get('stage');
  // The worker leaves out the surveys no list displays (not yet received) before capping, so
  // "the first 150" are 150 rows.
  const favorites = useFavoritesSwitch();
  const list = useView({ view: 'surveys', stage, starredBy: favorites.starredBy });
  const total = list?.total ?? 0;
  return (
    <section className={styles.page} aria-labelledby="surveys-title">
      <ListHeading id="surveys-title" title="Surveys" />
      {stage && (
        <Text>
          {total} {total === 1 ? 'survey' : 'surveys'} at <strong>{stage}</strong> ·{' '}
          <Link href={paths.surveys()}>Show every stage</Link>
        </Text>
      )}
      {total > LIST_CAP && (
        <Text className={styles.note}>
          Showing the first {LIST_CAP} of {total} surveys.
        </Text>
      )}
      <SurveyTable
        label="Surveys"
        rows={list?.rows}
        total={list?.rows.length}
        columns={COLUMNS}
        {...(favorites.on ? { empty: `You have no favorite surveys${stage ? ' at this stage' : ''}. Star one with the star beside its id.` } : {})}
      />
    </section>
  );
}
