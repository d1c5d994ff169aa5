/**
 * A capture's actions, each offered exactly when the engine's flags allow it: Process (dialog),
 * Start QC (then the capture QC page), View QC, Publish (after a confirmation). Once published,
 * a plain finished state takes the place of the buttons: nothing is left to do.
 */
import { useState } from 'react';
import { Badge, Button } from '@fluentui/react-components';
import { CheckmarkCircle16Filled } from '@fluentui/react-icons';
import { useLocation } from 'wouter';
import type { CaptureRow } from '../../worker/screens';
import { paths } from '../app/paths';
import { useAction } from '../app/useAction';
import { useActionThenGo } from '../hooks/useActionThenGo';
import { ProcessCaptureDialog } from '../dialogs/ProcessCaptureDialog';
import { ConfirmActionDialog } from '../dialogs/ConfirmActionDialog';
import { alertIfRefused } from '../app/refusal';
import { RoleButton, useRoleRefusal } from '../app/roleRefusal';

type Open = 'process' | 'publish' | null;

export function CaptureActions({ capture }: { capture: CaptureRow }) {
  const [open, setOpen] = useState<Open>(null);
  const run = useAction();
  const runThenGo = useActionThenGo();
  const [, navigate] = useLocation();
  const { flags } = capture;
  const refusal = useRoleRefusal();
  const startQc = () =>
    alertIfRefused(runThenGo({ type: 'startCaptureQc', captureId: capture.captureId }, paths.captureQc(capture.captureId)), 'Start QC');
  return (
    <>
      {capture.published && (
        <Badge appearance="filled" color="success" icon={<CheckmarkCircle16Filled />}>
          Finished
        </Badge>
      )}
      {flags.canProcess && (
        <RoleButton refusal={refusal('processCapture')} size="small" appearance="primary" onClick={() => setOpen('process')}>
          Process
        </RoleButton>
      )}
      {flags.qcReady && (
        <RoleButton refusal={refusal('startCaptureQc')} size="small" appearance="primary" onClick={() => void startQc()}>
          Start QC
        </RoleButton>
      )}
      {flags.qcInProgress && (
        <Button size="small" onClick={() => navigate(paths.captureQc(capture.captureId))}>
          View QC
        </Button>
      )}
      {flags.canPublish && (
        <RoleButton refusal={refusal('publishCapture')} size="small" appearance="primary" onClick={() => setOpen('publish')}>
          Publish
        </RoleButton>
      )}
      <ProcessCaptureDialog open={open === 'process'} capture={capture} onClose={() => setOpen(null)} />
      <ConfirmActionDialog
        open={open === 'publish'}
        title={`Publish ${capture.cpid}`}
        okLabel="Publish"
        run={() => run({ type: 'publishCapture', captureId: capture.captureId })}
        onClose={() => setOpen(null)}
      >
        Publish capture {capture.cpid}? Its processed surveys become available to customers.
      </ConfirmActionDialog>
    </>
  );
}
