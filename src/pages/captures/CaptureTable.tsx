/**
 * The capture table of docs/requirements.md#req-screen-captures: Capture, Description, Flown, Received, Surveys (with the breakdown
 * on hover), Flight Plans, Status, Actions. /captures sorts it by capture id or last received date;
 * a project's page lists its captures in it too. It draws the rows a view answered; a long list is
 * a window of rows (`start` of `total`), the rest stood in for by spacers of their height.
 */
import type { Ref } from 'react';
import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import type { CaptureSortKey, SortDir } from '../../../worker/domain/sort';
import type { CaptureRow } from '../../../worker/screens';
import { useRowStyles } from '../../components/rowStyles';
import { useRowsInSteps } from '../../hooks/useRowsInSteps';
import { CAPTURE_ROW_HEIGHT_PX, CaptureTableRow } from './CaptureTableRow';

const COLUMN_COUNT = 8;

export interface CaptureTableProps {
  label: string;
  /** The rows to draw; undefined while the view answers. */
  rows: readonly CaptureRow[] | undefined;
  start?: number;
  total?: number;
  windowed?: boolean;
  bodyRef?: Ref<HTMLTableSectionElement>;
  empty: string;
  /** Sortable headers: the order the rows are in, and what a click on a header asks for. */
  sort?: { by: CaptureSortKey; dir: SortDir } | undefined;
  onSort?: (key: CaptureSortKey) => void;
}

export function CaptureTable({ label, rows, start = 0, total, windowed = false, bodyRef, empty, sort, onSort }: CaptureTableProps) {
  const styles = useRowStyles();
  const answered = rows ?? [];
  // The rows mount a step at a time: one commit of a whole answer was the boot's long task.
  const shown = answered.slice(0, useRowsInSteps(answered.length));
  const all = total ?? answered.length;
  const after = Math.max(0, all - start - shown.length);
  const direction = (key: CaptureSortKey) => (sort?.by === key ? (sort.dir === 'asc' ? ('ascending' as const) : ('descending' as const)) : undefined);
  const sortable = (key: CaptureSortKey) => (onSort ? { sortable: true, sortDirection: direction(key), onClick: () => onSort(key) } : {});
  return (
    <div className={styles.scroll}>
      <Table aria-label={label} className={styles.table} size="small" aria-rowcount={all + 1}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell {...sortable('captureId')} style={{ width: 120 }}>
              Capture
            </TableHeaderCell>
            <TableHeaderCell className={styles.wide}>Description</TableHeaderCell>
            <TableHeaderCell>Flown</TableHeaderCell>
            <TableHeaderCell {...sortable('lastReceivedOn')}>Received</TableHeaderCell>
            <TableHeaderCell style={{ width: 80 }}>Surveys</TableHeaderCell>
            <TableHeaderCell style={{ width: 100 }}>Flight Plans</TableHeaderCell>
            <TableHeaderCell style={{ width: 200 }}>Status</TableHeaderCell>
            <TableHeaderCell style={{ width: 200 }}>Actions</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody ref={bodyRef}>
          {answered.length === 0 && (
            <TableRow>
              <TableCell colSpan={COLUMN_COUNT} className={styles.empty}>
                {rows ? empty : 'Loading captures…'}
              </TableCell>
            </TableRow>
          )}
          {start > 0 && <tr aria-hidden style={{ height: start * CAPTURE_ROW_HEIGHT_PX }} />}
          {shown.map((row) => (
            <CaptureTableRow key={row.key} capture={row} fixedHeight={windowed} />
          ))}
          {after > 0 && <tr aria-hidden style={{ height: after * CAPTURE_ROW_HEIGHT_PX }} />}
        </TableBody>
      </Table>
    </div>
  );
}
