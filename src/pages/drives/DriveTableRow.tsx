/**
 * One drive: host, the media it holds, its surveys and captures, status (Empty / Ready / In Use,
 * with the media's stage while it works), and the actions its flags allow. Drawn from its row in
 * the drives view's answer.
 */
import { memo, useState } from 'react';
import { Badge, Button, TableCell, Text } from '@fluentui/react-components';
import type { DriveStatus } from '../../../worker/domain/types';
import type { DriveRow } from '../../../worker/screens';
import { EntityRow } from '../../components/EntityRow';
import { useRowStyles } from '../../components/rowStyles';
import { StageStatus } from '../../components/StageStatus';
import { MediaCaptures } from '../../components/MediaCaptures';
import { MediaActions } from '../../components/MediaActions';
import { HistoryLink } from '../../components/HistoryLink';
import { InsertMediaDialog } from '../../dialogs/InsertMediaDialog';

const STATUS_COLOR: Record<DriveStatus, 'informative' | 'success' | 'brand'> = {
  Empty: 'informative',
  Ready: 'success',
  'In Use': 'brand',
};

export const DriveTableRow = memo(function DriveTableRow({ drive }: { drive: DriveRow }) {
  const styles = useRowStyles();
  const [inserting, setInserting] = useState(false);
  const { flags, media } = drive;
  return (
    <EntityRow kind="drives" id={drive.host}>
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
      <TableCell>{media ? <MediaCaptures captures={media.captures} /> : '—'}</TableCell>
      <TableCell>
        <Badge appearance="tint" color={STATUS_COLOR[drive.status]}>
          {drive.status}
        </Badge>
        {drive.stage && (
          <div style={{ marginTop: 4 }}>
            <StageStatus stage={drive.stage} />
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
            host={drive.host}
            media={media}
            canReceive={flags.canReceive}
            canCancel={flags.canCancel}
            canEject={flags.canEject}
            canAssign={flags.canAssign}
          />
          <HistoryLink of="drives" id={drive.host} name={`drive ${drive.host}`} />
        </div>
        <InsertMediaDialog open={inserting} drive={drive} onClose={() => setInserting(false)} />
      </TableCell>
    </EntityRow>
  );
});
