/**
 * Renders the preset modal on screen (Coming Soon, Missing Feature, Alert, Confirm) on the shared
 * FormDialog, so presets look and behave like every other modal: OK and Cancel, Escape closes.
 * Mounted once by the app shell.
 *
 * The dialog stays mounted and closes through `open={false}`: unmounting a Fluent modal while it
 * is open can leave `aria-hidden` on the app root, hiding the whole page from screen readers.
 */
import { useState } from 'react';
import { Text } from '@fluentui/react-components';
import { FormDialog } from '../FormDialog';
import { answerPreset, usePresetRequest, type PresetRequest } from './presetStore';

export function PresetHost() {
  const request = usePresetRequest();
  // The last request keeps its text on screen while the dialog animates closed.
  const [last, setLast] = useState<PresetRequest | null>(request);
  if (request && request !== last) setLast(request);
  const shown = request ?? last;
  if (!shown) return null;
  const informs = shown.kind !== 'confirm';
  return (
    <FormDialog
      open={request !== null}
      title={shown.title}
      okLabel={shown.okLabel}
      hideCancel={informs}
      onOk={() => answerPreset(shown.key, true)}
      onClose={() => answerPreset(shown.key, false)}
    >
      <Text as="p" block>
        {shown.message}
      </Text>
    </FormDialog>
  );
}
