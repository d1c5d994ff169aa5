/**
 * One media set: received on, its ids, surveys, captures, status with progress, and actions.
 */
import { memo, useMemo } from 'react';
import { TableCell, TableRow, Text, mergeClasses } from '@fluentui/react-components';
import type { Id } from '../../../worker/domain/types';
import { useRowEntity } from '../../engine/hooks';
import { useHighlighted } from '../../app/highlight';
import { formatDay } from '../../components/dates';
import { useRowStyles } from '../../components/rowStyles';
import { StageStatus } from '../../components/StageStatus';
import { MediaCaptures } from '../../components/MediaCaptures';
import { MediaActions } from '../../components/MediaActions';

export const MediaRow = memo(function MediaRow({ mediaId }: { mediaId: Id }) {
  const styles = useRowStyles();
  const media = useRowEntity('media', mediaId);
  const drive = useRowEntity('drives', media?.host);
  const highlighted = useHighlighted('media', mediaId);
  // The same element while the deferred entities are the same (see CaptureRow).
  return useMemo(() => media && (
    <TableRow className={mergeClasses(styles.row, highlighted && styles.highlighted)}
      data-highlighted={highlighted || undefined}
      data-media-id={mediaId}>
      <TableCell className={styles.nowrap}>{formatDay(media.receivedOn)}</TableCell>
      <TableCell>
        <Text block>{media.receiveId ?? media.mediaId}</Text>
        <Text size={200} className={styles.muted}>
          {media.host ? `in ${media.host}` : 'ejected'}
        </Text>
      </TableCell>
      <TableCell>{media.surveyIds.length}</TableCell>
      <TableCell>
        <MediaCaptures surveyIds={media.surveyIds} />
      </TableCell>
      <TableCell>
        <StageStatus stage={media.stage} />
      </TableCell>
      <TableCell>
        <div className={styles.actions}>
          <MediaActions
            media={media}
            drive={drive}
            canReceive={false}
            canEject={false}
            canCancel={media.flags.canCancel}
            canAssign={media.flags.canAssign}
          />
        </div>
      </TableCell>
    </TableRow>
  ), [drive, highlighted, media, mediaId, styles]);
});
