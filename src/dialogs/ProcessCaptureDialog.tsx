/**
 * Process capture (SPEC §5): the capture's surveys with checkboxes; only QC-approved surveys are
 * checked at first and only they can be chosen. The engine answers 'Please select at least one
 * survey for processing' when none is.
 */
import { useState } from 'react';
import { Text } from '@fluentui/react-components';
import type { Capture, Id } from '../../worker/domain/types';
import { FormDialog } from '../components/FormDialog';
import { SurveyTable } from '../components/SurveyTable';
import { useAction } from '../app/useAction';
import { engineClient } from '../engine/client';

const COLUMNS = { checkbox: true } as const;

export function ProcessCaptureDialog({ capture, onClose }: { capture: Capture; onClose: () => void }) {
  const run = useAction();
  const [selected, setSelected] = useState<ReadonlySet<Id>>(() => {
    const { model } = engineClient();
    return new Set(capture.surveyIds.filter((id) => model.get('surveys', id)?.flags.canProcess));
  });
  const toggle = (id: Id, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <FormDialog
      open
      wide
      title={`Process ${capture.cpid}`}
      onClose={onClose}
      onOk={async () => {
        const result = await run({ type: 'processCapture', captureId: capture.captureId, surveyIds: [...selected] });
        return result.ok ? null : result.error;
      }}
    >
      <Text as="p" block style={{ marginTop: 0 }}>
        Choose the QC-approved surveys to process. {selected.size} selected.
      </Text>
      <div style={{ maxHeight: '50vh', overflowY: 'auto' }}>
        <SurveyTable label={`Surveys of ${capture.cpid}`} surveyIds={capture.surveyIds} columns={COLUMNS} selected={selected} onToggle={toggle} />
      </div>
    </FormDialog>
  );
}
