/**
 * Renders the preset modal on screen (Coming Soon, Missing Feature, Alert, Confirm) on the shared
 * FormDialog, so presets look and behave like every other modal: OK and Cancel, Escape closes.
 * Mounted once by the app shell; like every dialog, it stays mounted and toggles `open`.
 */
import { useState } from 'react';
import { Text } from '@fluentui/react-components';
import { DialogForm, FormDialog } from '../FormDialog';
import { answerPreset, usePresetRequest, type PresetRequest } from './presetStore';

export function PresetHost() {
  const request = usePresetRequest();
  // The last request keeps its text on screen while the dialog animates closed.
  const [last, setLast] = useState<PresetRequest | null>(request);
  if (request && request !== last) setLast(request);
  const shown = request ?? last;
  const close = () => shown && answerPreset(shown.key, false);
  return (
    <FormDialog open={request !== null} onClose={close}>
      {shown && (
        // Keyed by the request: two queued presets are two openings, each with its own message.
        <DialogForm
          key={shown.key}
          title={shown.title}
          okLabel={shown.okLabel}
          hideCancel={shown.kind !== 'confirm'}
          onOk={() => answerPreset(shown.key, true)}
          onClose={close}
        >
          <Text as="p" block>
            {shown.message}
          </Text>
        </DialogForm>
      )}
    </FormDialog>
  );
}
