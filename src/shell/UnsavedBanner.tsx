/**
 * While the store cannot hold the world (its whole write was refused at boot, issue 19), a banner
 * on every page says exactly that: the console shows the demo from memory, and refuses every change
 * it could not keep. It goes once the store holds the world again.
 */
import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useUnsaved } from '../engine/hooks';

export function UnsavedBanner() {
  const unsaved = useUnsaved();
  if (!unsaved) return null;
  return (
    <MessageBar intent="error" layout="multiline" style={{ marginBottom: 12 }}>
      <MessageBarBody>
        <MessageBarTitle>Nothing can be saved</MessageBarTitle>
        {unsaved}
      </MessageBarBody>
    </MessageBar>
  );
}
