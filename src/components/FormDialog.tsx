/**
 * The modal of SPEC §2: a dialog with OK and Cancel whose OK runs an optional validator; when the
 * validator (or the engine's answer) fails, the dialog stays open and shows the message.
 * Escape and Cancel close it.
 */
import { useState, type ReactNode } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  Spinner,
} from '@fluentui/react-components';

export interface FormDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  okLabel?: string;
  /** Hide Cancel for presets that only inform (Alert, Coming Soon). */
  hideCancel?: boolean;
  /**
   * Runs on OK. Answer null (or nothing) to close, or an error message to stay open and show it.
   * Answer false to stay open when the form shows the message beside its own field.
   * May be async (e.g. dispatching to the engine).
   */
  onOk?: () => string | null | false | void | Promise<string | null | false | void>;
  onClose: () => void;
  /** Wider surface for tables (insert media, process capture). */
  wide?: boolean;
}

export function FormDialog({ open, title, children, okLabel = 'OK', hideCancel, onOk, onClose, wide }: FormDialogProps) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setError(null);
    onClose();
  };
  const ok = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const message = onOk ? await onOk() : null;
      if (message === false) setError(null);
      else if (message) setError(message);
      else close();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} modalType="modal" onOpenChange={(_, data) => (data.open ? undefined : close())}>
      <DialogSurface style={wide ? { maxWidth: 'min(920px, 96vw)' } : undefined}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void ok();
          }}
        >
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent>
              {children}
              {error && (
                <MessageBar intent="error" role="alert" style={{ marginTop: 12 }}>
                  <MessageBarBody>{error}</MessageBarBody>
                </MessageBar>
              )}
            </DialogContent>
            <DialogActions>
              {!hideCancel && (
                <Button appearance="secondary" onClick={close} disabled={busy}>
                  Cancel
                </Button>
              )}
              <Button appearance="primary" type="submit" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
                {okLabel}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
