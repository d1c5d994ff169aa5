/**
 * One media set: received on, its ids, surveys, captures, status with progress, and actions.
 * Drawn from its row in the media view's answer.
 */
import { memo } from 'react';
import { TableCell, Text } from '@fluentui/react-components';
import type { MediaRow } from '../../../worker/screens';
import { EntityRow } from '../../components/EntityRow';
import { formatDay } from '../../components/dates';
import { useRowStyles } from '../../components/rowStyles';
import { StageStatus } from '../../components/StageStatus';
import { MediaCaptures } from '../../components/MediaCaptures';
import { MediaActions } from '../../components/MediaActions';
import { HistoryLink } from '../../components/HistoryLink';
import { StarButton } from '../../components/StarButton';

export const MediaTableRow = memo(function MediaTableRow({ media }: { media: MediaRow }) {
  const styles = useRowStyles();
  return (
    <EntityRow kind="media" id={media.mediaId}>
      <TableCell className={styles.nowrap}>{formatDay(media.receivedOn)}</TableCell>
      <TableCell>
        <span className={styles.named}>
          <StarButton inline kind="media" id={media.mediaId} name={`media set ${media.mediaId}`} />
          <Text>{media.receiveId ?? media.mediaId}</Text>
        </span>
        <Text size={200} className={styles.muted}>
          {media.host ? `in ${media.host}` : 'ejected'}
        </Text>
      </TableCell>
      <TableCell>{media.surveyIds.length}</TableCell>
      <TableCell>
        <MediaCaptures captures={media.captures} />
      </TableCell>
      <TableCell>
        <StageStatus stage={media.stage} />
      </TableCell>
      <TableCell>
        <div className={styles.actions}>
          <MediaActions
            host={media.host}
            media={media}
            canReceive={false}
            canEject={false}
            canCancel={media.flags.canCancel}
            canAssign={media.flags.canAssign}
          />
          <HistoryLink of="media" id={media.mediaId} name={`media ${media.mediaId}`} />
        </div>
      </TableCell>
    </EntityRow>
  );
});
