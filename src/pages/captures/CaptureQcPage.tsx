/**
 * /captures/{cid}/qc: capture QC (docs/requirements.md#req-screen-capture-qc, #req-capture-qc). Start QC while it is ready but not started;
 * Approve Capture or Reject Capture while in progress, both returning to /captures. Below, the
 * capture's surveys by stage and the surveys chosen for processing, and the QC report
 * of all its surveys' flagged frames (issue 8).
 */
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import type { Action } from '../../../worker/api';
import { useView } from '../../engine/hooks';
import { BootSpinner } from '../../shell/BootSpinner';
import { paths } from '../../app/paths';
import { useActionThenGo } from '../../hooks/useActionThenGo';
import { useAction } from '../../app/useAction';
import { alertIfRefused } from '../../app/refusal';
import { PageHeading } from '../../components/PageHeading';
import { StageStatus } from '../../components/StageStatus';
import { SurveyTable } from '../../components/SurveyTable';
import { StageCounts } from '../../components/StageCounts';
import { NotFoundPage } from '../NotFoundPage';
import { CaptureQcReport } from './CaptureQcReport';
import { RoleButton, useRoleRefusal } from '../../app/roleRefusal';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '16px' },
  note: { color: tokens.colorNeutralForeground2 },
});

export default function CaptureQcPage({ captureId }: { captureId: string }) {
  const styles = useStyles();
  const answer = useView({ view: 'captureQc', captureId });
  const run = useAction();
  const runThenGo = useActionThenGo();
  // Capture QC is the coordinator's: a technician sees its buttons disabled with why (issue 52).
  const refusal = useRoleRefusal();
  if (!answer) return <BootSpinner label="Loading the capture…" />;
  const { capture, processed, flagged } = answer;
  if (!capture) return <NotFoundPage />;
  const { flags } = capture;
  const decide = (action: Action) => alertIfRefused(runThenGo(action, paths.captures()), `QC of ${capture.cpid}`);
  const start = () => alertIfRefused(run({ type: 'startCaptureQc', captureId }), `QC of ${capture.cpid}`);
  return (
    <section className={styles.page} aria-label={`Capture QC of ${capture.cpid}`}>
      <PageHeading
        title={`Capture QC: ${capture.cpid}`}
        subtitle={`${capture.description} · ${capture.sfid} · ${capture.season}`}
        status={<StageStatus stage={capture.stage} />}
        actions={
          <>
            {flags.qcReady && (
              <RoleButton refusal={refusal('startCaptureQc')} appearance="primary" onClick={() => void start()}>
                Start QC
              </RoleButton>
            )}
            {flags.qcInProgress && (
              <>
                <RoleButton refusal={refusal('approveCaptureQc')} appearance="primary" onClick={() => void decide({ type: 'approveCaptureQc', captureId })}>
                  Approve Capture
                </RoleButton>
                <RoleButton refusal={refusal('rejectCaptureQc')} onClick={() => void decide({ type: 'rejectCaptureQc', captureId })}>
                  Reject Capture
                </RoleButton>
              </>
            )}
          </>
        }
      />
      <Text className={styles.note}>
        {flags.qcInProgress
          ? 'Review the processed mosaic of the surveys below, then approve or reject the capture.'
          : flags.qcReady
            ? 'Processing has finished. Start QC to review the capture.'
            : 'Capture QC is not available at this stage.'}
      </Text>
      <StageCounts counts={capture.counts} label={`Surveys of ${capture.cpid} by stage`} />
      <SurveyTable label={`Processed surveys of ${capture.cpid}`} rows={processed} />
      <CaptureQcReport cpid={capture.cpid} flagged={flagged} />
    </section>
  );
}
