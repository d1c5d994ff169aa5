/**
 * One row of the capture table; subscribes to its own capture so a tick re-renders only it.
 */
import { memo, useMemo } from 'react';
import { TableCell, TableRow, Text, mergeClasses } from '@fluentui/react-components';
import { AppLink } from '../../components/AppLink';
import type { Id } from '../../../worker/domain/types';
import { useRowEntity } from '../../engine/hooks';
import { useHighlighted } from '../../app/highlight';
import { paths } from '../../app/paths';
import { formatDayRange } from '../../components/dates';
import { useRowStyles } from '../../components/rowStyles';
import { StageStatus } from '../../components/StageStatus';
import { SurveyBreakdown } from '../../components/SurveyBreakdown';
import { CaptureActions } from '../../components/CaptureActions';

export const CAPTURE_ROW_HEIGHT_PX = 64;

export const CaptureRow = memo(function CaptureRow({ captureId, fixedHeight }: { captureId: Id; fixedHeight: boolean }) {
  const styles = useRowStyles();
  const capture = useRowEntity('captures', captureId);
  const highlighted = useHighlighted('captures', captureId);
  // The same element while the deferred capture is the same: the store's own (sync) pass is free,
  // and the new capture renders in the background (useRowEntity).
  return useMemo(() => capture && (
    <TableRow
      className={mergeClasses(styles.row, highlighted && styles.highlighted)}
      data-highlighted={highlighted || undefined}
      style={fixedHeight ? { height: CAPTURE_ROW_HEIGHT_PX } : undefined}
      data-capture-id={captureId}
    >
      <TableCell>
        <AppLink href={paths.capture(captureId)}>{capture.cpid}</AppLink>
      </TableCell>
      <TableCell>
        <Text block>{capture.description}</Text>
        <Text size={200} className={styles.muted}>
          {capture.sfid} · {capture.season}
        </Text>
      </TableCell>
      <TableCell className={styles.nowrap}>{formatDayRange(capture.firstFlownOn, capture.lastFlownOn)}</TableCell>
      <TableCell className={styles.nowrap}>{formatDayRange(capture.firstReceivedOn, capture.lastReceivedOn)}</TableCell>
      <TableCell>
        <SurveyBreakdown counts={capture.counts} cpid={capture.cpid} />
      </TableCell>
      <TableCell>{capture.counts.flightPlans}</TableCell>
      <TableCell>
        <StageStatus stage={capture.stage} />
      </TableCell>
      <TableCell>
        <div className={styles.actions}>
          <CaptureActions capture={capture} />
        </div>
      </TableCell>
    </TableRow>
  ), [capture, captureId, fixedHeight, highlighted, styles]);
});
