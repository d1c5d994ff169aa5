/**
 * Flag a frame (issue 8): the reason as a radio group (required) and an optional note. Opened by F
 * in the grid or the viewer, or the viewer's Flag button; the engine stores who and when.
 */
import { useState } from 'react';
import { Field, Radio, RadioGroup, Textarea } from '@fluentui/react-components';
import { FLAG_NOTE_MAX, FLAG_REASONS, isFlagReason, type FrameFlag } from '../../../worker/domain/frameFlags';
import { DialogForm, formDialog } from '../../components/FormDialog';
import { useAction } from '../../app/useAction';

export interface FrameAt {
  surveyId: string;
  line: number;
  camera: string;
  frame: number;
}

type FlagFrameFormProps = { at: FrameAt; current?: FrameFlag; onClose: () => void };

export const FlagFrameDialog = formDialog(FlagFrameForm);

/** Reason and note, fresh on each opening (the frame's current flag). */
function FlagFrameForm({ at, current, onClose }: FlagFrameFormProps) {
  const run = useAction();
  const [reason, setReason] = useState<string>(current?.reason ?? '');
  const [note, setNote] = useState(current?.note ?? '');
  const [missing, setMissing] = useState(false);
  return (
    <DialogForm
      title={`Flag frame ${at.frame} · ${at.camera} · Line ${at.line}`}
      okLabel="Flag frame"
      onClose={onClose}
      onOk={async () => {
        if (!isFlagReason(reason)) {
          setMissing(true);
          return false;
        }
        const result = await run({ type: 'flagFrame', ...at, reason, note });
        return result.ok ? null : result.error;
      }}
    >
      <Field label="Reason" required validationMessage={missing ? 'Choose a reason' : undefined}>
        <RadioGroup
          value={reason}
          onChange={(_, data) => {
            setReason(data.value);
            setMissing(false);
          }}
        >
          {FLAG_REASONS.map((r) => (
            <Radio key={r} value={r} label={r} />
          ))}
        </RadioGroup>
      </Field>
      <Field label="Note (optional)" hint={`At most ${FLAG_NOTE_MAX} characters`}>
        <Textarea value={note} maxLength={FLAG_NOTE_MAX} onChange={(_, data) => setNote(data.value)} />
      </Field>
    </DialogForm>
  );
}
