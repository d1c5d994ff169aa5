/**
 * One row of the capture table, drawn from the capture's row in the view's answer: it renders
 * again only when that row changed (the answer keeps the identity of the rows a change leaves).
 */
import { memo } from 'react';
import { TableCell, Text } from '@fluentui/react-components';
import type { CaptureRow } from '../../../worker/screens';
import { AppLink } from '../../components/AppLink';
import { EntityRow } from '../../components/EntityRow';
import { paths } from '../../app/paths';
import { formatDayRange } from '../../components/dates';
import { useRowStyles } from '../../components/rowStyles';
import { StageStatus } from '../../components/StageStatus';
import { SurveyBreakdown } from '../../components/SurveyBreakdown';
import { CaptureActions } from '../../components/CaptureActions';
import { StarButton } from '../../components/StarButton';

export const CAPTURE_ROW_HEIGHT_PX = 64;

export const CaptureTableRow = memo(function CaptureTableRow({ capture, fixedHeight }: { capture: CaptureRow; fixedHeight: boolean }) {
  const styles = useRowStyles();
  return (
    <EntityRow kind="captures" id={capture.captureId} height={fixedHeight ? CAPTURE_ROW_HEIGHT_PX : undefined}>
      <TableCell>
        <span className={styles.named}>
          <StarButton inline kind="captures" id={capture.captureId} name={`capture ${capture.cpid}`} />
          <AppLink href={paths.capture(capture.captureId)}>{capture.cpid}</AppLink>
        </span>
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
    </EntityRow>
  );
});
