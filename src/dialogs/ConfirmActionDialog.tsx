/**
 * The confirmations of docs/requirements.md#req-confirmations (cancel receiving, eject, cancel survey, approve and reject survey,
 * publish): a question, OK runs the intent; the engine's refusal keeps the dialog open with its
 * message.
 */
import type { ReactNode } from 'react';
import { Text } from '@fluentui/react-components';
import type { ActionResult } from '../../worker/api';
import { DialogForm, FormDialog } from '../components/FormDialog';

export interface ConfirmActionDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** The confirming button says what it does ("Publish", "Cancel receiving"); OK by default. */
  okLabel?: string;
  /** The button that backs out ("Keep receiving"); Cancel by default. */
  cancelLabel?: string;
  /** Destructive: shown as an alert dialog. */
  destructive?: boolean;
  /** Sends the intent; its `{ ok: false }` answer keeps the dialog open. */
  run: () => Promise<ActionResult>;
  onClose: () => void;
}

export function ConfirmActionDialog({ open, title, children, okLabel, cancelLabel, destructive, run, onClose }: ConfirmActionDialogProps) {
  return (
    <FormDialog open={open} alert={destructive} onClose={onClose}>
      <DialogForm
        title={title}
        okLabel={okLabel}
        cancelLabel={cancelLabel}
        onClose={onClose}
        onOk={async () => {
          const result = await run();
          return result.ok ? null : result.error;
        }}
      >
        <Text as="p" block>
          {children}
        </Text>
      </DialogForm>
    </FormDialog>
  );
}
