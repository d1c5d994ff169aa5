/**
 * Renders the preset modal on screen (Coming Soon, Missing Feature, Alert, Confirm) on the shared
 * FormDialog, so presets look and behave like every other modal: OK and Cancel, Escape closes.
 * Mounted once by the app shell.
 */
import { Text } from '@fluentui/react-components';
import { FormDialog } from '../FormDialog';
import { answerPreset, usePresetRequest } from './presetStore';

export function PresetHost() {
  const request = usePresetRequest();
  if (!request) return null;
  const informs = request.kind !== 'confirm';
  return (
    <FormDialog
      // A new key per request resets the dialog between queued presets.
      key={request.key}
      open
      title={request.title}
      okLabel={request.okLabel}
      hideCancel={informs}
      onOk={() => answerPreset(request.key, true)}
      onClose={() => answerPreset(request.key, false)}
    >
      <Text as="p" block>
        {request.message}
      </Text>
    </FormDialog>
  );
}
