/**
 * After Approve Survey the person lands on the capture's surveys: this bar says how many surveys
 * are ready for processing and puts the Process dialog one click away, above the map.
 */
import { useState } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';
import type { CaptureRow } from '../../../worker/screens';
import { ProcessCaptureDialog } from '../../dialogs/ProcessCaptureDialog';

export function ReadyToProcess({ capture }: { capture: CaptureRow }) {
  const [open, setOpen] = useState(false);
  const n = capture.counts.qcApproved;
  return (
    <>
      <MessageBar intent="success" aria-label="Ready for processing">
        <MessageBarBody>
          {n} {n === 1 ? 'survey is' : 'surveys are'} QC approved and ready for processing.
        </MessageBarBody>
        <MessageBarActions>
          <Button appearance="primary" size="small" onClick={() => setOpen(true)}>
            Process {capture.cpid}
          </Button>
        </MessageBarActions>
      </MessageBar>
      <ProcessCaptureDialog open={open} capture={capture} onClose={() => setOpen(false)} />
    </>
  );
}
