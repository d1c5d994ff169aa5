/**
 * The modal (docs/requirements.md#req-modals), in two parts, as Fluent means dialogs to be used:
 *
 * - `FormDialog` is the Dialog itself. It stays mounted and toggles `open`, so Fluent plays its
 *   exit motion and hands `aria-hidden` and focus back itself when the dialog closes. Escape (and
 *   the backdrop, for a non-alert dialog) calls `onClose`.
 * - `DialogForm` is what the dialog shows: title, content, OK and Cancel. OK runs an optional
 *   validator; when it (or the engine's answer) fails, the dialog stays open and shows the message.
 *
 * The content is keyed by the opening: each time the dialog opens, its content (a dialog's drafts
 * and errors, `DialogForm`'s message) starts afresh, while the Dialog around it is never remounted.
 * Fluent unmounts the content once the exit motion ends, so a closed dialog holds no state and no
 * subscription of its own.
 */
import { Fragment, useRef, useState, type ComponentType, type ReactNode } from 'react';
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
import { useRevealRefusal } from './useRevealRefusal';

export interface FormDialogProps {
  open: boolean;
  /** Escape, the backdrop (non-alert only): the person closes the dialog. */
  onClose: () => void;
  /** A destructive confirmation: an alert dialog, which neither Escape nor the backdrop dismisses silently. */
  alert?: boolean;
  /** Wider surface for tables (insert media, process capture). */
  wide?: boolean;
  /** The dialog's content, usually a `DialogForm`; mounted afresh on each opening. */
  children: ReactNode;
}

/** Counts the openings: a new number each time `open` turns true (state adjusted while rendering). */
function useOpening(open: boolean): number {
  const [seen, setSeen] = useState({ open, opening: open ? 1 : 0 });
  if (seen.open === open) return seen.opening;
  const next = { open, opening: open ? seen.opening + 1 : seen.opening };
  setSeen(next);
  return next.opening;
}

export function FormDialog({ open, onClose, alert, wide, children }: FormDialogProps) {
  const opening = useOpening(open);
  return (
    <Dialog open={open} modalType={alert ? 'alert' : 'modal'} onOpenChange={(_, data) => (data.open ? undefined : onClose())}>
      <DialogSurface style={wide ? { maxWidth: 'min(920px, 96vw)' } : undefined}>
        <Fragment key={opening}>{children}</Fragment>
      </DialogSurface>
    </Dialog>
  );
}

/**
 * The one shape of the app's dialogs: a `FormDialog` that stays mounted, around a form made
 * afresh on each opening. The dialog's props are the form's, and `open`.
 */
export function formDialog<P extends { onClose: () => void }>(Form: ComponentType<P>, options: { wide?: boolean } = {}) {
  function OpenableForm({ open, ...form }: { open: boolean } & P) {
    return (
      <FormDialog open={open} wide={options.wide} onClose={form.onClose}>
        <Form {...(form as unknown as P)} />
      </FormDialog>
    );
  }
  OpenableForm.displayName = `formDialog(${Form.displayName ?? Form.name})`;
  return OpenableForm;
}

export interface DialogFormProps {
  title: string;
  children?: ReactNode;
  okLabel?: string;
  /** What Cancel says when "Cancel" would be ambiguous (e.g. "Keep receiving"). */
  cancelLabel?: string;
  /** Hide Cancel for presets that only inform (Alert, Coming Soon). */
  hideCancel?: boolean;
  /**
   * Runs on OK. Answer null (or nothing) to close; an error message to stay open and show it at
   * the top of the content; or `false` to stay open because the dialog has placed its own
   * messages beside the fields they are about (Fluent `Field` validationMessage).
   * May be async (e.g. dispatching to the engine).
   */
  onOk?: () => string | null | void | false | Promise<string | null | void | false>;
  /**
   * OK cannot be pressed yet: what it would act on is still arriving (a choice the dialog shows
   * must be the choice OK sends).
   */
  okDisabled?: boolean;
  /** Cancel, or OK once it has succeeded. */
  onClose: () => void;
}

export function DialogForm({ title, children, okLabel = 'OK', cancelLabel = 'Cancel', hideCancel, onOk, okDisabled, onClose }: DialogFormProps) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const formRef = useRef<HTMLFormElement>(null);
  const okRef = useRef<HTMLButtonElement>(null);
  /**
   * After a refusal: the first field message in view (the content scrolls at 800×600) and focus on
   * its input, or, for a message about no one input, on OK; never on <body>, where Escape is lost.
   */
  const revealRefusal = useRevealRefusal(formRef, okRef);

  const ok = async () => {
    if (busy || okDisabled) return;
    setBusy(true);
    try {
      const message = onOk ? await onOk() : null;
      if (message === false) {
        setError(null);
        revealRefusal();
      } else if (message) {
        setError(message);
        revealRefusal();
      } else onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
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
            <Button appearance="secondary" onClick={onClose} disabled={busy}>
              {cancelLabel}
            </Button>
          )}
          {/* Focusable while busy: a focused button that turns disabled drops focus to <body>. Disabled
              outright while what OK acts on is still arriving. */}
          <Button ref={okRef} appearance="primary" type="submit" disabled={okDisabled} disabledFocusable={busy && !okDisabled} icon={busy ? <Spinner size="tiny" /> : undefined}>
            {okLabel}
          </Button>
        </DialogActions>
      </DialogBody>
    </form>
  );
}
