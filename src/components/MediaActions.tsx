/**
 * A media set's (or its drive's) actions, as the engine's flags allow: Receive, Cancel (after a
 * confirmation), Eject (after a confirmation), Assign. Insert lives on the drive row. One order
 * on every row: the next step (Receive or Assign, primary) first, then Cancel, then Eject, so the
 * primary button never moves between first and last place.
 */
import { useState } from 'react';
import { Button } from '@fluentui/react-components';
import type { DriveRow } from '../../worker/screens';
import { useAction } from '../app/useAction';
import { ConfirmActionDialog } from '../dialogs/ConfirmActionDialog';
import { ReceiveMediaDialog } from '../dialogs/ReceiveMediaDialog';
import { AssignDialog } from '../dialogs/AssignDialog';
import { RoleButton, useRoleRefusal } from '../app/roleRefusal';

type Open = 'receive' | 'cancel' | 'eject' | 'assign' | null;

/** What the actions need of a media set (a drive's row holds it too). */
export type MediaOfActions = NonNullable<DriveRow['media']>;

export interface MediaActionsProps {
  /** The drive holding the media, if any; its flags govern Receive and Eject. */
  host: string | null;
  media: MediaOfActions | null;
  canReceive: boolean;
  canCancel: boolean;
  canEject: boolean;
  canAssign: boolean;
}

export function MediaActions({ host, media, canReceive, canCancel, canEject, canAssign }: MediaActionsProps) {
  const run = useAction();
  const refusal = useRoleRefusal();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  return (
    <>
      {canReceive && host && (
        <Button size="small" appearance="primary" onClick={() => setOpen('receive')}>
          Receive
        </Button>
      )}
      {canAssign && media && (
        <RoleButton refusal={refusal('assignSurveys')} size="small" appearance="primary" onClick={() => setOpen('assign')}>
          Assign
        </RoleButton>
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
      {host && <ReceiveMediaDialog open={open === 'receive'} host={host} media={media} onClose={close} />}
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
