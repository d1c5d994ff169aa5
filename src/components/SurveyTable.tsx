/**
 * The survey table of SPEC §2, used on a capture's Surveys tab, on /surveys, in the process
 * capture dialog and on the capture QC page. Columns: Survey, Flown On, Received On, optional
 * Capture, Flight Plan, Assigned, Lines, Status, optional Actions (with the more-actions menu),
 * optional checkbox (for choosing surveys to process).
 */
import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import type { Id } from '../../worker/domain/types';
import { useRowStyles } from './rowStyles';
import { SurveyRow } from './SurveyRow';
import { useShownSurveyIds } from '../hooks/useShownSurveyIds';

export const NO_SURVEYS_TEXT = 'No surveys have been received.';

export interface SurveyColumns {
  capture?: boolean;
  actions?: boolean;
  checkbox?: boolean;
}

export interface SurveyTableProps {
  surveyIds: Id[];
  columns?: SurveyColumns;
  label: string;
  selected?: ReadonlySet<Id>;
  onToggle?: (surveyId: Id, on: boolean) => void;
}

const NONE: ReadonlySet<Id> = new Set();

export function SurveyTable({ surveyIds: allIds, columns = {}, label, selected = NONE, onToggle }: SurveyTableProps) {
  const styles = useRowStyles();
  const surveyIds = useShownSurveyIds(allIds);
  const span = 7 + Number(!!columns.capture) + Number(!!columns.actions) + Number(!!columns.checkbox);
  return (
    <div className={styles.scroll}>
      <Table aria-label={label} className={styles.table} size="small">
      <TableHeader>
        <TableRow>
          {columns.checkbox && <TableHeaderCell style={{ width: 44 }}>Select</TableHeaderCell>}
          <TableHeaderCell>Survey</TableHeaderCell>
          <TableHeaderCell>Flown On</TableHeaderCell>
          <TableHeaderCell>Received On</TableHeaderCell>
          {columns.capture && <TableHeaderCell>Capture</TableHeaderCell>}
          <TableHeaderCell>Flight Plan</TableHeaderCell>
          <TableHeaderCell style={{ width: 80 }}>Assigned</TableHeaderCell>
          <TableHeaderCell style={{ width: 64 }}>Lines</TableHeaderCell>
          <TableHeaderCell style={{ width: 200 }}>Status</TableHeaderCell>
          {columns.actions && <TableHeaderCell style={{ width: 260 }}>Actions</TableHeaderCell>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {surveyIds.length === 0 ? (
          <TableRow>
            <TableCell colSpan={span} className={styles.empty}>
              {NO_SURVEYS_TEXT}
            </TableCell>
          </TableRow>
        ) : (
          surveyIds.map((id) => (
            <SurveyRow
              key={id}
              surveyId={id}
              showCapture={!!columns.capture}
              showActions={!!columns.actions}
              showCheckbox={!!columns.checkbox}
              selected={selected.has(id)} onToggle={onToggle} />
          ))
        )}
      </TableBody>
    </Table>
      </div>
  );
}
