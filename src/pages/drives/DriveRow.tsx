/**
 * One drive: host, the media it holds, its surveys and captures, status (Empty / Ready / In Use,
 * with the media's stage while it works), and the actions its flags allow.
 */
import { memo, useMemo, useState } from 'react';
import { Badge, Button, TableCell, TableRow, Text, mergeClasses } from '@fluentui/react-components';
import type { DriveStatus, Id } from '../../../worker/domain/types';
import { useRowEntity } from '../../engine/hooks';
import { useHighlighted } from '../../app/highlight';
import { useRowStyles } from '../../components/rowStyles';
import { StageStatus } from '../../components/StageStatus';
import { MediaCaptures } from '../../components/MediaCaptures';
import { MediaActions } from '../../components/MediaActions';
import { InsertMediaDialog } from '../../dialogs/InsertMediaDialog';

const STATUS_COLOR: Record<DriveStatus, 'informative' | 'success' | 'brand'> = {
  Empty: 'informative',
  Ready: 'success',
  'In Use': 'brand',
};

export const DriveRow = memo(function DriveRow({ host }: { host: Id }) {
  const styles = useRowStyles();
  const drive = useRowEntity('drives', host);
  const media = useRowEntity('media', drive?.mediaId);
  const highlighted = useHighlighted('drives', host);
  const [inserting, setInserting] = useState(false);
  // The same element while the deferred entities are the same (see CaptureRow).
  return useMemo(() => {
    if (!drive) return null;
    const { flags } = drive;
    return (
      <TableRow className={mergeClasses(styles.row, highlighted && styles.highlighted)}
        data-highlighted={highlighted || undefined} data-host={host}>
        <TableCell>
          <Text weight="semibold" wrap={false} style={{ whiteSpace: 'nowrap' }}>
            {drive.host}
          </Text>
          <Text block size={200} className={styles.muted}>
            {drive.bays} {drive.bays === 1 ? 'bay' : 'bays'}
          </Text>
        </TableCell>
        <TableCell>{media ? (media.receiveId ?? media.mediaId) : '—'}</TableCell>
        <TableCell>{media ? media.surveyIds.length : '—'}</TableCell>
        <TableCell>{media ? <MediaCaptures surveyIds={media.surveyIds} /> : '—'}</TableCell>
        <TableCell>
          <Badge appearance="tint" color={STATUS_COLOR[drive.status]}>
            {drive.status}
          </Badge>
          {media && drive.status === 'In Use' && (
            <div style={{ marginTop: 4 }}>
              <StageStatus stage={media.stage} />
            </div>
          )}
        </TableCell>
        <TableCell>
          <div className={styles.actions}>
            {flags.canInsert && (
              <Button size="small" appearance="primary" onClick={() => setInserting(true)}>
                Insert
              </Button>
            )}
            <MediaActions
              media={media}
              drive={drive}
              canReceive={flags.canReceive}
              canCancel={flags.canCancel}
              canEject={flags.canEject}
              canAssign={flags.canAssign}
            />
          </div>
          <InsertMediaDialog open={inserting} drive={drive} onClose={() => setInserting(false)} />
        </TableCell>
      </TableRow>
    );
  }, [drive, highlighted, host, inserting, media, styles]);
});
