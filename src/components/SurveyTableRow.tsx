/**
 * One survey row, drawn from its row in a view's answer: it renders again only when that row
 * changed.
 */
import { memo } from 'react';
import { TableCell, Text } from '@fluentui/react-components';
import { shortId } from '../../worker/domain/shortId';
import { surveyLabel } from '../../worker/domain/names';
import type { SurveyRow } from '../../worker/screens';
import { AppLink } from './AppLink';
import { EntityRow } from './EntityRow';
import { paths } from '../app/paths';
import { formatDay } from './dates';
import { useRowStyles } from './rowStyles';
import { StageStatus } from './StageStatus';
import { StarButton } from './StarButton';
import { SurveyActions } from './SurveyActions';
import { SurveyMoreActions } from './SurveyMoreActions';
import { UserInitials } from './UserInitials';

/** Row height when the table is windowed (every row then has this height). */
export const SURVEY_ROW_HEIGHT_PX = 56;

export interface SurveyTableRowProps {
  survey: SurveyRow;
  /** Primitives rather than a columns object, so `memo` holds whatever the parent passes. */
  showCapture: boolean;
  showActions: boolean;
  fixedHeight?: boolean;
}

export const SurveyTableRow = memo(function SurveyTableRow({ survey, showCapture, showActions, fixedHeight }: SurveyTableRowProps) {
  const styles = useRowStyles();
  const id = shortId(survey.surveyId);
  return (
    <EntityRow kind="surveys" id={survey.surveyId} height={fixedHeight ? SURVEY_ROW_HEIGHT_PX : undefined}>
      <TableCell>
        <span className={styles.named}>
          <StarButton inline kind="surveys" id={survey.surveyId} name={surveyLabel(survey.surveyId)} />
          {id}
        </span>
      </TableCell>
      <TableCell className={styles.nowrap}>{formatDay(survey.flownOn)}</TableCell>
      <TableCell className={styles.nowrap}>{formatDay(survey.receivedOn)}</TableCell>
      {showCapture && (
        <TableCell>
          <AppLink href={paths.capture(survey.captureId)}>{survey.cpid}</AppLink>
        </TableCell>
      )}
      <TableCell>{survey.flightPlan ? survey.flightPlan.code : '—'}</TableCell>
      <TableCell>
        <UserInitials user={survey.assigned} />
      </TableCell>
      <TableCell>
        {survey.linesFlown}/{survey.linesPlanned}
      </TableCell>
      <TableCell>
        <StageStatus stage={survey.stage} />
        {/* Issue 8: why QC rejected it, in the reviewer's words, where the crew looks. */}
        {survey.qc === 'rejected' && survey.rejectReason && (
          <Text as="p" size={200} className={styles.muted}>
            Rejected: {survey.rejectReason}
          </Text>
        )}
      </TableCell>
      {showActions && (
        <TableCell>
          <div className={styles.actions}>
            <SurveyActions survey={survey} />
            <SurveyMoreActions survey={survey} />
          </div>
        </TableCell>
      )}
    </EntityRow>
  );
});
