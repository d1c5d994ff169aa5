/**
 * The modal of SPEC §2: a dialog with OK and Cancel whose OK runs an optional validator; when the
 * validator (or the engine's answer) fails, the dialog stays open and shows the message.
 * Escape and Cancel close it.
 */
import { useRef, useState, type ReactNode } from 'react';
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
  /** What Cancel says when "Cancel" would be ambiguous (e.g. "Keep receiving"). */
  cancelLabel?: string;
  /** A destructive confirmation: an alert dialog, which neither Escape nor the backdrop dismisses silently. */
  alert?: boolean;
  /** Hide Cancel for presets that only inform (Alert, Coming Soon). */
  hideCancel?: boolean;
  /**
   * Runs on OK. Answer null (or nothing) to close; an error message to stay open and show it at
   * the top of the content; or `false` to stay open because the dialog has placed its own
   * messages beside the fields they are about (Fluent `Field` validationMessage).
   * May be async (e.g. dispatching to the engine).
   */
  onOk?: () => string | null | void | false | Promise<string | null | void | false>;
  onClose: () => void;
  /** Wider surface for tables (insert media, process capture). */
  wide?: boolean;
}

export function FormDialog({
  open,
  title,
  children,
  okLabel = 'OK',
  cancelLabel = 'Cancel',
  alert,
  hideCancel,
  onOk,
  onClose,
  wide,
}: FormDialogProps) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const formRef = useRef<HTMLFormElement>(null);
  /** Brings the first field message into view (the content scrolls at 800×600) and focuses its input. */
  const revealFirstError = () =>
    requestAnimationFrame(() => {
      const form = formRef.current;
      const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
      const message = form?.querySelector<HTMLElement>('[role="alert"]');
      (message ?? invalid)?.scrollIntoView({ block: 'nearest' });
      invalid?.focus({ preventScroll: true });
    });

  const close = () => {
    setError(null);
    onClose();
  };
  const ok = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const message = onOk ? await onOk() : null;
      if (message === false) {
        setError(null);
        revealFirstError();
      } else if (message) setError(message);
      else close();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} modalType={alert ? 'alert' : 'modal'} onOpenChange={(_, data) => (data.open ? undefined : close())}>
      <DialogSurface style={wide ? { maxWidth: 'min(920px, 96vw)' } : undefined}>
        <form
          ref={formRef}
          onSubmit={(e) => {
            e.preventDefault();
            void ok();
          }}
        >
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent>
              {/* Above the fields, so it is in view however long the form is. */}
              {error && (
                <MessageBar intent="error" role="alert" style={{ marginBottom: 12 }}>
                  <MessageBarBody>{error}</MessageBarBody>
                </MessageBar>
              )}
              {children}
            </DialogContent>
            <DialogActions>
              {!hideCancel && (
                <Button appearance="secondary" onClick={close} disabled={busy}>
                  {cancelLabel}
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
