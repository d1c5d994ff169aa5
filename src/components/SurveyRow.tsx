/**
 * One survey row. It subscribes to its own survey, so a tick re-renders only the rows whose
 * survey changed.
 */
import { memo, useMemo } from 'react';
import { Checkbox, TableCell, TableRow, Text, mergeClasses } from '@fluentui/react-components';
import { AppLink } from './AppLink';
import type { Id } from '../../worker/domain/types';
import { shortId } from '../../worker/domain/shortId';
import { useRowEntity } from '../engine/hooks';
import { plannedLines } from '../../worker/domain/surveyDisplay';
import { useHighlighted } from '../app/highlight';
import { paths } from '../app/paths';
import { formatDay } from './dates';
import { useRowStyles } from './rowStyles';
import { StageStatus } from './StageStatus';
import { SurveyActions } from './SurveyActions';
import { SurveyMoreActions } from './SurveyMoreActions';
import { UserInitials } from './UserInitials';

/** Row height when the table is windowed (every row then has this height). */
export const SURVEY_ROW_HEIGHT_PX = 56;

export interface SurveyRowProps {
  surveyId: Id;
  /** Primitives rather than a columns object, so `memo` holds whatever the parent passes. */
  showCapture: boolean;
  showActions: boolean;
  showCheckbox: boolean;
  fixedHeight?: boolean;
  selected: boolean;
  onToggle?: (surveyId: Id, on: boolean) => void;
}

export const SurveyRow = memo(function SurveyRow({ surveyId, showCapture, showActions, showCheckbox, fixedHeight, selected, onToggle }: SurveyRowProps) {
  const styles = useRowStyles();
  const survey = useRowEntity('surveys', surveyId);
  const fp = useRowEntity('flightPlans', survey?.flightPlanId);
  const highlighted = useHighlighted('surveys', surveyId);
  // The same element while the deferred entities are the same (see CaptureRow).
  return useMemo(() => {
    if (!survey) return null;
    const id = shortId(survey.surveyId);
    const planned = fp ? plannedLines(fp) : 0;
    return (
      <TableRow
        className={mergeClasses(styles.row, highlighted && styles.highlighted)}
        data-highlighted={highlighted || undefined}
        style={fixedHeight ? { height: SURVEY_ROW_HEIGHT_PX } : undefined}
        data-survey-id={surveyId}
      >
        {showCheckbox && (
          <TableCell>
            <Checkbox
              aria-label={`Select survey ${id}`}
              checked={selected}
              disabled={!survey.flags.canProcess}
              onChange={(_, d) => onToggle?.(surveyId, d.checked === true)}
            />
          </TableCell>
        )}
        <TableCell>{id}</TableCell>
        <TableCell className={styles.nowrap}>{formatDay(survey.flownOn)}</TableCell>
        <TableCell className={styles.nowrap}>{formatDay(survey.receivedOn)}</TableCell>
        {showCapture && (
          <TableCell>
            <AppLink href={paths.capture(survey.captureId)}>{survey.cpid}</AppLink>
          </TableCell>
        )}
        <TableCell>{fp ? fp.code : '—'}</TableCell>
        <TableCell>
          <UserInitials email={survey.assignedTo} />
        </TableCell>
        <TableCell>
          {survey.linesFlown}/{planned}
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
      </TableRow>
    );
  }, [fixedHeight, fp, highlighted, onToggle, selected, showActions, showCapture, showCheckbox, styles, survey, surveyId]);
});
