/**
 * The confirmations of SPEC §4 (cancel receiving, eject, cancel survey, approve and reject survey,
 * publish): a question, OK runs the intent; the engine's refusal keeps the dialog open with its
 * message.
 */
import type { ReactNode } from 'react';
import { Text } from '@fluentui/react-components';
import type { ActionResult } from '../../worker/api';
import { FormDialog } from '../components/FormDialog';

export interface ConfirmActionDialogProps {
  title: string;
  children: ReactNode;
  /** Sends the intent; its `{ ok: false }` answer keeps the dialog open. */
  run: () => Promise<ActionResult>;
  onClose: () => void;
}

export function ConfirmActionDialog({ title, children, run, onClose }: ConfirmActionDialogProps) {
  return (
    <FormDialog
      open
      title={title}
      onClose={onClose}
      onOk={async () => {
        const result = await run();
        return result.ok ? null : result.error;
      }}
    >
      <Text as="p" block>
        {children}
      </Text>
    </FormDialog>
  );
}
