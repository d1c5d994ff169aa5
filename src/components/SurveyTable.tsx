/**
 * The survey table of docs/requirements.md#req-screen-capture-qc, used on a capture's Surveys tab, on /surveys and on the capture QC
 * page. Columns: Survey, Flown On, Received On, optional Capture, Flight Plan, Assigned, Lines,
 * Status, optional Actions (with the more-actions menu). It draws the rows a view answered; a long
 * list is a window of rows (`start` of `total`), the rest stood in for by spacers of their height.
 */
import type { Ref } from 'react';
import { Button, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { ArrowDownRegular, ArrowUpRegular } from '@fluentui/react-icons';
import type { FlownOnOrder, SurveyRow } from '../../worker/screens';
import { useRowStyles } from './rowStyles';
import { SURVEY_ROW_HEIGHT_PX, SurveyTableRow } from './SurveyTableRow';

export const NO_SURVEYS_TEXT = 'No surveys have been received.';

export interface SurveyColumns {
  capture?: boolean;
  actions?: boolean;
}

export interface SurveyTableProps {
  label: string;
  /** The rows to draw; undefined while the view answers. */
  rows: readonly SurveyRow[] | undefined;
  /** A window of a longer list: the rows before it and in all (default: the rows are the list). */
  start?: number;
  total?: number;
  windowed?: boolean;
  bodyRef?: Ref<HTMLTableSectionElement>;
  columns?: SurveyColumns;
  /** The flown-on order the rows are in, with a header button that turns it round. */
  flownOn?: { order: FlownOnOrder; onChange: (order: FlownOnOrder) => void };
  /** What an empty table says (default NO_SURVEYS_TEXT). */
  empty?: string;
}

export function SurveyTable({ label, rows, start = 0, total, windowed = false, bodyRef, columns = {}, flownOn, empty = NO_SURVEYS_TEXT }: SurveyTableProps) {
  const styles = useRowStyles();
  const shown = rows ?? [];
  const all = total ?? shown.length;
  const after = Math.max(0, all - start - shown.length);
  const span = 7 + Number(!!columns.capture) + Number(!!columns.actions);
  const order = flownOn?.order;
  return (
    <div className={styles.scroll}>
      <Table aria-label={label} className={styles.table} size="small" aria-rowcount={all + 1}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Survey</TableHeaderCell>
            {flownOn ? (
              <TableHeaderCell aria-sort={order === 'newest' ? 'descending' : 'ascending'}>
                <Button
                  appearance="transparent"
                  size="small"
                  icon={order === 'newest' ? <ArrowDownRegular /> : <ArrowUpRegular />}
                  iconPosition="after"
                  // Reads as the other column headers, with the arrow saying the order.
                  style={{ padding: 0, minWidth: 0, fontSize: 'inherit', fontWeight: 'inherit', justifyContent: 'flex-start' }}
                  title={order === 'newest' ? 'Newest first: show oldest first' : 'Oldest first: show newest first'}
                  onClick={() => flownOn.onChange(order === 'newest' ? 'oldest' : 'newest')}
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
        <TableBody ref={bodyRef}>
          {shown.length === 0 && (
            <TableRow>
              <TableCell colSpan={span} className={styles.empty}>
                {rows ? empty : 'Loading surveys…'}
              </TableCell>
            </TableRow>
          )}
          {start > 0 && <tr aria-hidden style={{ height: start * SURVEY_ROW_HEIGHT_PX }} />}
          {shown.map((row) => (
            <SurveyTableRow
              key={row.key}
              survey={row}
              showCapture={!!columns.capture}
              showActions={!!columns.actions}
              fixedHeight={windowed}
            />
          ))}
          {after > 0 && <tr aria-hidden style={{ height: after * SURVEY_ROW_HEIGHT_PX }} />}
        </TableBody>
      </Table>
    </div>
  );
}
