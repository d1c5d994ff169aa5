/**
 * /captures/{cid}/surveys and /captures/{cid}/flight-plans: the capture's heading (cpid,
 * description, status, actions), the schematic map of its flight plans, and the two tabs.
 */
import { Tab, TabList, makeStyles } from '@fluentui/react-components';
import { useLocation } from 'wouter';
import { useEntityState } from '../../engine/hooks';
import { BootSpinner } from '../../shell/BootSpinner';
import { paths } from '../../app/paths';
import { PageHeading } from '../../components/PageHeading';
import { StageStatus } from '../../components/StageStatus';
import { CaptureActions } from '../../components/CaptureActions';
import { ReadyToProcess } from './ReadyToProcess';
import { SurveyTable } from '../../components/SurveyTable';
import { NotFoundPage } from '../NotFoundPage';
import { FlightPlanMap } from './FlightPlanMap';
import { FlightPlanTable } from './FlightPlanTable';

type DetailTab = 'surveys' | 'flight-plans';
const SURVEY_COLUMNS = { actions: true } as const;

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '16px' },
});

export default function CaptureDetailPage({ captureId, tab }: { captureId: string; tab: DetailTab }) {
  const styles = useStyles();
  const { entity: capture, known } = useEntityState('captures', captureId);
  const [, navigate] = useLocation();
  if (!capture) return known ? <NotFoundPage /> : <BootSpinner label="Loading the capture…" />;
  return (
    <section className={styles.page} aria-label={`Capture ${capture.cpid}`}>
      <PageHeading
        title={capture.cpid}
        subtitle={`${capture.description} · ${capture.sfid} · ${capture.season}`}
        status={<StageStatus stage={capture.stage} />}
        actions={<CaptureActions capture={capture} />}
      />
      {capture.flags.canProcess && <ReadyToProcess capture={capture} />}
      <FlightPlanMap captureId={captureId} flightPlanIds={capture.flightPlanIds} cpid={capture.cpid} />
      <TabList selectedValue={tab} onTabSelect={(_, d) => navigate(paths.capture(captureId, d.value as DetailTab))}>
        <Tab value="surveys">Surveys</Tab>
        <Tab value="flight-plans">Flight Plans</Tab>
      </TabList>
      {tab === 'surveys' ? (
        <SurveyTable label={`Surveys of ${capture.cpid}`} surveyIds={capture.surveyIds} columns={SURVEY_COLUMNS} sortByFlownOn />
      ) : (
        <FlightPlanTable label={`Flight plans of ${capture.cpid}`} flightPlanIds={capture.flightPlanIds} />
      )}
    </section>
  );
}
