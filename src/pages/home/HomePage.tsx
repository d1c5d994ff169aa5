/**
 * The dashboard (docs/requirements.md#req-screen-dashboard): in progress, recent and mine, as real lists, and the
 * person's favorites (issue 36). The worker picks them in
 * one pass over the surveys (the dashboard view) and answers again only when they change.
 */
import type { ReactNode } from 'react';
import { Body1, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { Link, useSearch } from 'wouter';
import { useCurrent, useView } from '../../engine/hooks';
import type { DashboardAnswer, DashboardListName, RowsOf, SurveyRow } from '../../../worker/screens';
import { PipelineChart } from './PipelineChart';
import { paths } from '../../app/paths';

/** The three lists (docs/requirements.md#req-screen-dashboard: in progress, recent, mine), each with what its date shows and what an empty one says. */
const CARDS: readonly { list: DashboardListName; title: string; date: 'flown' | 'received'; empty: ReactNode }[] = [
  { list: 'inProgress', title: 'In progress', date: 'flown', empty: 'Nothing is copying, receiving or processing right now.' },
  {
    list: 'recent',
    title: 'Recent',
    date: 'received',
    empty: (
      <>
        No surveys have been received. Insert and receive media on the <strong>Drives</strong> page.
      </>
    ),
  },
  {
    list: 'mine',
    title: 'Mine',
    date: 'flown',
    empty: (
      <>
        No surveys are assigned to you. Assign received media on the <strong>Drives</strong> or <strong>Media</strong> page.
      </>
    ),
  },
];
const LISTS: readonly DashboardListName[] = CARDS.map((card) => card.list);
const EMPTY: RowsOf<SurveyRow> = { rows: [], total: 0, start: 0 };
const LOADING: DashboardAnswer = { inProgress: EMPTY, recent: EMPTY, mine: EMPTY, surveysByStage: {}, capturesByStage: {} };

/** `/?list=recent` opens one list in full (up to LIST_CAP rows, as /surveys and /media). */
function openList(search: string): DashboardListName | undefined {
  const name = new URLSearchParams(search).get('list');
  return LISTS.find((l) => l === name);
}
import { DashboardCard } from './DashboardCard';
import { FavouritesCard } from './FavouritesCard';
import { TruncatedText } from '../../components/TruncatedText';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  intro: { color: tokens.colorNeutralForeground2 },
  back: { color: tokens.colorBrandForegroundLink },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
  },
});

export default function HomePage() {
  const s = useStyles();
  const { user } = useCurrent();
  const email = user?.email ?? null;
  const full = openList(useSearch()) ?? null;
  const dashboard = useView({ view: 'dashboard', email, full }) ?? LOADING;
  const shows = (name: DashboardListName) => !full || full === name;
  const allHref = (name: DashboardListName) => (full ? undefined : `${paths.home()}?list=${name}`);

  return (
    <div className={s.root}>
      <div>
        <Title2 as="h1" block>
          Dashboard
        </Title2>
        <Body1 as="p" className={s.intro}>
          Welcome{user ? ', ' : ''}
          {user && <TruncatedText text={user.name} maxWidth="32ch" />}. Surveys move from the drives through QC to publishing; these lists
          show where they are now.
        </Body1>
      </div>
      {full ? (
        <Link href={paths.home()} className={s.back}>
          Back to the dashboard
        </Link>
      ) : (
        <PipelineChart surveysByStage={dashboard.surveysByStage} capturesByStage={dashboard.capturesByStage} />
      )}
      <div className={full ? undefined : s.grid}>
        {CARDS.filter((card) => shows(card.list)).map((card) => (
          <DashboardCard key={card.list} title={card.title} list={dashboard[card.list]} date={card.date} allHref={allHref(card.list)} empty={card.empty} />
        ))}
        {!full && <FavouritesCard />}
      </div>
    </div>
  );
}
