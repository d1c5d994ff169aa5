/**
 * The survey table (docs/requirements.md#req-survey-table), used on a capture's Surveys tab, on /surveys, in the process
 * capture dialog and on the capture QC page. Columns: Survey, Flown On, Received On, optional
 * Capture, Flight Plan, Assigned, Lines, Status, optional Actions (with the more-actions menu),
 * optional checkbox (for choosing surveys to process). Past LIST_CAP rows it renders only the rows
 * near the viewport, at a fixed row height. Which of the given surveys a list displays, and their
 * flown-on order, the worker answers (the shownSurveys view); each row holds only its own survey.
 */
import { useRef, useState } from 'react';
import { Button, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { ArrowDownRegular, ArrowUpRegular } from '@fluentui/react-icons';
import type { Id } from '../../worker/domain/types';
import { useRowStyles } from './rowStyles';
import { LIST_CAP } from '../../worker/domain/constants';
import { useWindowedRows } from '../hooks/useWindowedRows';
import { SURVEY_ROW_HEIGHT_PX, SurveyRow } from './SurveyRow';
import { useViewKeepingLast } from '../engine/hooks';
import type { FlownOnOrder } from '../../worker/views/types';

export const NO_SURVEYS_TEXT = 'No surveys have been received.';

export interface SurveyColumns {
  capture?: boolean;
  actions?: boolean;
  checkbox?: boolean;
}

export interface SurveyTableProps {
  /** Surveys to show those of that a list displays (docs/requirements.md#req-displayed-stages)… */
  surveyIds?: Id[];
  /** …or surveys a view already chose (undefined while it answers). */
  shownIds?: Id[];
  columns?: SurveyColumns;
  label: string;
  selected?: ReadonlySet<Id>;
  onToggle?: (surveyId: Id, on: boolean) => void;
  /** Order the rows by flown-on date (newest first), with a header button that turns it round. */
  sortByFlownOn?: boolean;
}

const NONE: ReadonlySet<Id> = new Set();
const NO_IDS: Id[] = [];

export function SurveyTable({ surveyIds: allIds, shownIds, columns = {}, label, selected = NONE, onToggle, sortByFlownOn }: SurveyTableProps) {
  const styles = useRowStyles();
  const [order, setOrder] = useState<FlownOnOrder>('newest');
  const { ids: shown, order: shownOrder } = useShownSurveys(allIds, sortByFlownOn ? order : null);
  const answered = allIds ? shown : shownIds;
  const surveyIds = answered ?? NO_IDS;
  const span = 7 + Number(!!columns.capture) + Number(!!columns.actions) + Number(!!columns.checkbox);
  const body = useRef<HTMLTableSectionElement>(null);
  // Past LIST_CAP rows (a capture of a very large world) only the rows near the viewport render.
  const windowed = surveyIds.length > LIST_CAP;
  const range = useWindowedRows(body, windowed ? surveyIds.length : 0, SURVEY_ROW_HEIGHT_PX);
  const [start, end] = windowed ? [range.start, range.end] : [0, surveyIds.length];
  return (
    <div className={styles.scroll}>
      <Table aria-label={label} className={styles.table} size="small" aria-rowcount={surveyIds.length + 1}>
        <TableHeader>
          <TableRow>
            {columns.checkbox && <TableHeaderCell style={{ width: 44 }}>Select</TableHeaderCell>}
            <TableHeaderCell>Survey</TableHeaderCell>
            {sortByFlownOn ? (
              <TableHeaderCell aria-sort={(shownOrder ?? order) === 'newest' ? 'descending' : 'ascending'}>
                <Button
                  appearance="transparent"
                  size="small"
                  icon={order === 'newest' ? <ArrowDownRegular /> : <ArrowUpRegular />}
                  iconPosition="after"
                  // Reads as the other column headers, with the arrow saying the order.
                  style={{ padding: 0, minWidth: 0, fontSize: 'inherit', fontWeight: 'inherit', justifyContent: 'flex-start' }}
                  title={order === 'newest' ? 'Newest first: show oldest first' : 'Oldest first: show newest first'}
                  onClick={() => setOrder((o) => (o === 'newest' ? 'oldest' : 'newest'))}
                >
                  Flown On
                </Button>
              </TableHeaderCell>
            ) : (
              <TableHeaderCell>Flown On</TableHeaderCell>
            )}
            <TableHeaderCell>Received On</TableHeaderCell>
            {columns.capture && <TableHeaderCell>Capture</TableHeaderCell>}
            <TableHeaderCell>Flight Plan</TableHeaderCell>
            <TableHeaderCell style={{ width: 80 }}>Assigned</TableHeaderCell>
            <TableHeaderCell style={{ width: 64 }}>Lines</TableHeaderCell>
            <TableHeaderCell style={{ width: 170 }}>Status</TableHeaderCell>
            {columns.actions && <TableHeaderCell>Actions</TableHeaderCell>}
          </TableRow>
        </TableHeader>
        <TableBody ref={body}>
          {surveyIds.length === 0 && (
            <TableRow>
              <TableCell colSpan={span} className={styles.empty}>
                {answered ? NO_SURVEYS_TEXT : 'Loading surveys…'}
              </TableCell>
            </TableRow>
          )}
          {start > 0 && <tr aria-hidden style={{ height: start * SURVEY_ROW_HEIGHT_PX }} />}
          {surveyIds.slice(start, end).map((id) => (
            <SurveyRow
              key={id}
              surveyId={id}
              showCapture={!!columns.capture}
              showActions={!!columns.actions}
              showCheckbox={!!columns.checkbox}
              fixedHeight={windowed}
              selected={selected.has(id)}
              onToggle={onToggle}
            />
          ))}
          {end < surveyIds.length && <tr aria-hidden style={{ height: (surveyIds.length - end) * SURVEY_ROW_HEIGHT_PX }} />}
        </TableBody>
      </Table>
    </div>
  );
}

/**
 * The shownSurveys view of `ids` (nothing to ask when the caller chose the rows itself); the last
 * rows stay while another order is answered, with the order they are in.
 */
function useShownSurveys(ids: Id[] | undefined, order: FlownOnOrder | null): { ids: Id[] | undefined; order: FlownOnOrder | null | undefined } {
  const { result, answers } = useViewKeepingLast({ view: 'shownSurveys', surveyIds: ids ?? NO_IDS, order }, (ids ?? NO_IDS).join());
  return ids ? { ids: result?.ids, order: answers?.order } : { ids: undefined, order: undefined };
}
