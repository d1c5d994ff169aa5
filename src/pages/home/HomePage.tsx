/**
 * The dashboard (SPEC §2): in progress, recent and mine, as real lists from the read model. The
 * lists are recomputed only when some survey changed, in one pass (`selectDashboard`).
 */
import { useMemo } from 'react';
import { Body1, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { engineClient } from '../../engine/client';
import { useCurrent, useIds, useKindVersion } from '../../engine/hooks';
import { selectDashboard } from './dashboardSelectors';
import { DashboardCard } from './DashboardCard';
import { TruncatedText } from '../../components/TruncatedText';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  intro: { color: tokens.colorNeutralForeground2 },
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
  const ids = useIds('surveys');
  const version = useKindVersion('surveys');
  const email = user?.email ?? null;
  const dashboard = useMemo(() => {
    const { model } = engineClient();
    return selectDashboard(ids, (id) => model.get('surveys', id), email);
    // `version` changes whenever any survey does: the memo's real input.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids, version, email]);

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
      <div className={s.grid}>
        <DashboardCard
          title="In progress"
          list={dashboard.inProgress}
          date="flown"
          empty="Nothing is copying, receiving or processing right now."
        />
        <DashboardCard
          title="Recent"
          list={dashboard.recent}
          date="received"
          empty={
            <>
              No surveys have been received. Insert and receive media on the <strong>Drives</strong> page.
            </>
          }
        />
        <DashboardCard
          title="Mine"
          list={dashboard.mine}
          date="flown"
          empty={
            <>
              No surveys are assigned to you. Assign received media on the <strong>Drives</strong> or{' '}
              <strong>Media</strong> page.
            </>
          }
        />
      </div>
    </div>
  );
}
