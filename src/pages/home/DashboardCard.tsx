/**
 * One dashboard list: a heading, up to ten surveys with their capture and status, and an empty
 * state that says what would appear here and where to start.
 */
import { memo, type ReactNode } from 'react';
import { Card, Subtitle2, Text } from '@fluentui/react-components';
import { Link } from 'wouter';
import { surveyTitle } from '../../../worker/domain/names';
import { StageStatus } from '../../components/StageStatus';
import { formatDay } from '../../components/dates';
import { paths } from '../../app/paths';
import type { RowsOf, SurveyRow } from '../../../worker/screens';
import { useDashboardStyles } from './dashboardStyles';


/** Where a survey row leads: its QC while QC is under way, else its capture's surveys tab. */
export function surveyHref(s: SurveyRow): string {
  return s.flags.qcInProgress ? paths.surveyQc(s.surveyId) : paths.capture(s.captureId, 'surveys');
}

/** One survey of a list: its row in the dashboard's answer, progress moving under it at every tick. */
const DashboardRow = memo(function DashboardRow({ survey, date }: { survey: SurveyRow; date: 'flown' | 'received' }) {
  const s = useDashboardStyles();
  return (
    <li className={s.row}>
      <div className={s.what}>
        <Link href={surveyHref(survey)} className={s.link}>
          {surveyTitle(survey.surveyId)}
        </Link>
        <span className={s.meta}>
          {survey.cpid} · {date === 'received' ? `received ${formatDay(survey.receivedOn)}` : `flown ${formatDay(survey.flownOn)}`}
        </span>
      </div>
      <StageStatus stage={survey.stage} />
    </li>
  );
});

export interface DashboardCardProps {
  title: string;
  list: RowsOf<SurveyRow>;
  /** What the date column shows. */
  date: 'flown' | 'received';
  empty: ReactNode;
  /** Where "n of total" leads: the whole list. Absent when the whole list is shown. */
  allHref?: string;
}

export function DashboardCard({ title, list, date, empty, allHref }: DashboardCardProps) {
  const s = useDashboardStyles();
  const headingId = `dash-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Card className={s.card} role="region" aria-labelledby={headingId}>
      <div className={s.head}>
        <Subtitle2 as="h2" id={headingId}>
          {title}
        </Subtitle2>
        {list.total > 0 &&
          (list.total > list.rows.length && allHref ? (
            <Link href={allHref} className={s.link} aria-label={`${title}: show all ${list.total}`}>
              {list.rows.length} of {list.total}
            </Link>
          ) : (
            <Text className={s.count}>
              {list.total > list.rows.length ? `${list.rows.length} of ${list.total}` : list.total}
            </Text>
          ))}
      </div>
      {list.rows.length === 0 ? (
        <Text className={s.empty}>{empty}</Text>
      ) : (
        <ul className={s.list}>
          {list.rows.map((row) => (
            <DashboardRow key={row.key} survey={row} date={date} />
          ))}
        </ul>
      )}
    </Card>
  );
}
