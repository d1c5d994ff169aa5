/**
 * A media set's (or its drive's) actions, as the engine's flags allow: Receive, Cancel (after a
 * confirmation), Eject (after a confirmation), Assign. Insert lives on the drive row. One order
 * on every row: the next step (Receive or Assign, primary) first, then Cancel, then Eject, so the
 * primary button never moves between first and last place.
 */
import { useState } from 'react';
import { Button } from '@fluentui/react-components';
import type { Drive } from '../../worker/domain/types';
import type { Media } from '../engine/entities';
import { useAction } from '../app/useAction';
import { ConfirmActionDialog } from '../dialogs/ConfirmActionDialog';
import { ReceiveMediaDialog } from '../dialogs/ReceiveMediaDialog';
import { AssignDialog } from '../dialogs/AssignDialog';

type Open = 'receive' | 'cancel' | 'eject' | 'assign' | null;

export interface MediaActionsProps {
  media: Media | undefined;
  /** The drive holding the media; its flags govern Receive and Eject. */
  drive: Drive | undefined;
  canReceive: boolean;
  canCancel: boolean;
  canEject: boolean;
  canAssign: boolean;
}

export function MediaActions({ media, drive, canReceive, canCancel, canEject, canAssign }: MediaActionsProps) {
  const run = useAction();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const host = drive?.host ?? media?.host ?? null;
  return (
    <>
      {canReceive && drive && (
        <Button size="small" appearance="primary" onClick={() => setOpen('receive')}>
          Receive
        </Button>
      )}
      {canAssign && media && (
        <Button size="small" appearance="primary" onClick={() => setOpen('assign')}>
          Assign
        </Button>
      )}
      {canCancel && host && (
        <Button size="small" onClick={() => setOpen('cancel')}>
          Cancel
        </Button>
      )}
      {canEject && host && (
        <Button size="small" onClick={() => setOpen('eject')}>
          Eject
        </Button>
      )}
      {/* Mounted while there is something for them to act on; `open` says which one shows. */}
      {drive && <ReceiveMediaDialog open={open === 'receive'} drive={drive} onClose={close} />}
      {media && <AssignDialog open={open === 'assign'} media={media} onClose={close} />}
      {host && (
        <>
          <ConfirmActionDialog
            open={open === 'cancel'}
            title="Cancel receiving"
            okLabel="Cancel receiving"
            cancelLabel="Keep receiving"
            destructive
            run={() => run({ type: 'cancelReceive', host })}
            onClose={close}
          >
            Cancel receiving the media on {host}? Its surveys that have not finished receiving are cancelled too.
          </ConfirmActionDialog>
          <ConfirmActionDialog
            open={open === 'eject'}
            title="Eject media"
            okLabel="Eject"
            cancelLabel="Keep media"
            run={() => run({ type: 'ejectMedia', host })}
            onClose={close}
          >
            Eject the media from {host}?
          </ConfirmActionDialog>
        </>
      )}
    </>
  );
}
