/**
 * One dashboard list: a heading, up to ten surveys with their capture and status, and an empty
 * state that says what would appear here and where to start.
 */
import { useMemo, type ReactNode } from 'react';
import { Card, Subtitle2, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Link } from 'wouter';
import type { Survey } from '../../engine/entities';
import { useRowEntity } from '../../engine/hooks';
import { shortId } from '../../../worker/domain/shortId';
import { StageStatus } from '../../components/StageStatus';
import { formatDay } from '../../components/dates';
import { paths } from '../../app/paths';
import type { IdPage } from '../../../worker/views/types';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  head: { display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  count: { color: tokens.colorNeutralForeground3 },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  row: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} 0`,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  what: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  link: { color: tokens.colorBrandForegroundLink, fontWeight: tokens.fontWeightSemibold },
  meta: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  empty: { color: tokens.colorNeutralForeground3, padding: `${tokens.spacingVerticalM} 0` },
});

/** Where a survey row leads: its QC while QC is under way, else its capture's surveys tab. */
function surveyHref(s: Survey): string {
  return s.flags.qcInProgress ? paths.surveyQc(s.surveyId) : paths.capture(s.captureId, 'surveys');
}

/**
 * The worker picks the lists when surveys join or leave them; progress moves under them at every
 * tick, so each row follows its own survey.
 */
function DashboardRow({ surveyId, date }: { surveyId: string; date: 'flown' | 'received' }) {
  const s = useStyles();
  const survey = useRowEntity('surveys', surveyId);
  // The same element while the deferred survey is the same (see CaptureRow).
  return useMemo(() => {
    if (!survey) return <li className={s.row} aria-busy />;
    return (
      <li className={s.row}>
        <div className={s.what}>
          <Link href={surveyHref(survey)} className={s.link}>
            Survey {shortId(survey.surveyId)}
          </Link>
          <span className={s.meta}>
            {survey.cpid} · {date === 'received' ? `received ${formatDay(survey.receivedOn)}` : `flown ${formatDay(survey.flownOn)}`}
          </span>
        </div>
        <StageStatus stage={survey.stage} />
      </li>
    );
  }, [date, s, survey]);
}

export interface DashboardCardProps {
  title: string;
  list: IdPage;
  /** What the date column shows. */
  date: 'flown' | 'received';
  empty: ReactNode;
  /** Where "n of total" leads: the whole list. Absent when the whole list is shown. */
  allHref?: string;
}

export function DashboardCard({ title, list, date, empty, allHref }: DashboardCardProps) {
  const s = useStyles();
  const headingId = `dash-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Card className={s.card} role="region" aria-labelledby={headingId}>
      <div className={s.head}>
        <Subtitle2 as="h2" id={headingId}>
          {title}
        </Subtitle2>
        {list.total > 0 &&
          (list.total > list.ids.length && allHref ? (
            <Link href={allHref} className={s.link} aria-label={`${title}: show all ${list.total}`}>
              {list.ids.length} of {list.total}
            </Link>
          ) : (
            <Text className={s.count}>
              {list.total > list.ids.length ? `${list.ids.length} of ${list.total}` : list.total}
            </Text>
          ))}
      </div>
      {list.ids.length === 0 ? (
        <Text className={s.empty}>{empty}</Text>
      ) : (
        <ul className={s.list}>
          {list.ids.map((id) => (
            <DashboardRow key={id} surveyId={id} date={date} />
          ))}
        </ul>
      )}
    </Card>
  );
}
