/**
 * /captures/{cid}/surveys and /captures/{cid}/flight-plans: the capture's heading (cpid,
 * description, status, actions), the schematic map of its flight plans, and the two tabs. One
 * view answers all of it: the header, the map's plans, and the tab's rows (the surveys in a
 * window when there are many).
 */
import { useRef, useState } from 'react';
import { Tab, TabList, makeStyles } from '@fluentui/react-components';
import { useLocation } from 'wouter';
import type { CaptureTab, FlownOnOrder } from '../../../worker/screens';
import { useViewKeepingLast } from '../../engine/hooks';
import { BootSpinner } from '../../shell/BootSpinner';
import { paths } from '../../app/paths';
import { useRowWindow } from '../../hooks/useRowWindow';
import { PageHeading } from '../../components/PageHeading';
import { StageStatus } from '../../components/StageStatus';
import { CaptureActions } from '../../components/CaptureActions';
import { HistoryLink } from '../../components/HistoryLink';
import { StarButton } from '../../components/StarButton';
import { SURVEY_ROW_HEIGHT_PX } from '../../components/SurveyTableRow';
import { SurveyTable } from '../../components/SurveyTable';
import { NotFoundPage } from '../NotFoundPage';
import { ReadyToProcess } from './ReadyToProcess';
import { FlightPlanMap } from './FlightPlanMap';
import { FlightPlanTable } from './FlightPlanTable';

const SURVEY_COLUMNS = { actions: true } as const;

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '16px' },
});

export default function CaptureDetailPage({ captureId, tab }: { captureId: string; tab: CaptureTab }) {
  const styles = useStyles();
  const [, navigate] = useLocation();
  const [order, setOrder] = useState<FlownOnOrder>('newest');
  const body = useRef<HTMLTableSectionElement>(null);
  const [total, setTotal] = useState(0);
  const { start, count, windowed } = useRowWindow(body, total, SURVEY_ROW_HEIGHT_PX);
  // Another order or window keeps the rows on screen until it is answered; another capture never does.
  const { answer, answers } = useViewKeepingLast({ view: 'capture', captureId, tab, order, start, count }, captureId);
  const surveys = answer?.surveys;
  if (surveys && surveys.total !== total) setTotal(surveys.total);
  if (!answer) return <BootSpinner label="Loading the capture…" />;
  const { capture, plans } = answer;
  if (!capture) return <NotFoundPage />;
  return (
    <section className={styles.page} aria-label={`Capture ${capture.cpid}`}>
      <PageHeading
        title={capture.cpid}
        subtitle={`${capture.description} · ${capture.sfid} · ${capture.season}`}
        status={<StageStatus stage={capture.stage} />}
        actions={
          <>
            <StarButton kind="captures" id={capture.captureId} name={`capture ${capture.cpid}`} />
            <CaptureActions capture={capture} />
            <HistoryLink of="captures" id={capture.captureId} name={`capture ${capture.cpid}`} />
          </>
        }
      />
      {capture.flags.canProcess && <ReadyToProcess capture={capture} />}
      <FlightPlanMap plans={plans} cpid={capture.cpid} />
      <TabList selectedValue={tab} onTabSelect={(_, d) => navigate(paths.capture(captureId, d.value as CaptureTab))}>
        <Tab value="surveys">Surveys</Tab>
        <Tab value="flight-plans">Flight Plans</Tab>
      </TabList>
      {tab === 'surveys' ? (
        <SurveyTable
          label={`Surveys of ${capture.cpid}`}
          rows={surveys?.rows}
          start={surveys?.start}
          total={surveys?.total}
          windowed={windowed}
          bodyRef={body}
          columns={SURVEY_COLUMNS}
          flownOn={{ order: answers?.order ?? order, onChange: setOrder }}
        />
      ) : (
        <FlightPlanTable label={`Flight plans of ${capture.cpid}`} plans={plans} />
      )}
    </section>
  );
}
