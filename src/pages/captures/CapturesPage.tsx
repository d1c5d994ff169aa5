/**
 * /captures: the capture table (docs/requirements.md#req-screen-captures), sortable by capture id or last received date in either
 * direction (never-received captures last). Past LIST_CAP rows only the rows near the viewport
 * are rendered. `?stage=` narrows it to the captures at one displayed stage. The order comes from
 * the worker's captureTable view; each rendered row holds only its own capture.
 */
import { useRef, useState } from 'react';
import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, Title2, makeStyles } from '@fluentui/react-components';
import { Link, useSearch } from 'wouter';
import { LIST_CAP } from '../../../worker/domain/constants';
import type { CaptureSortKey, SortDir } from '../../../worker/domain/sort';
import { useViewKeepingLast } from '../../engine/hooks';
import { paths } from '../../app/paths';
import { useWindowedRows } from '../../hooks/useWindowedRows';
import { useRowStyles } from '../../components/rowStyles';
import { CAPTURE_ROW_HEIGHT_PX, CaptureRow } from './CaptureRow';

const COLUMN_COUNT = 8;
const NONE: string[] = [];

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '12px' },
});

export default function CapturesPage() {
  const styles = useStyles();
  const rowStyles = useRowStyles();
  const [by, setBy] = useState<CaptureSortKey>('lastReceivedOn');
  const [dir, setDir] = useState<SortDir>('desc');
  // `?stage=Publishing`: the dashboard's pipeline bars open the captures at one displayed stage.
  const stage = new URLSearchParams(useSearch()).get('stage');
  // Sorted (and filtered) in the worker, where the captures are; rows fetch what they show.
  // The rows of the last answer stay while another sort is answered; the headers say their order.
  const { result: table, answers } = useViewKeepingLast({ view: 'captureTable', by, dir, stage }, stage ?? '');
  const ids = table?.ids ?? NONE;
  const body = useRef<HTMLTableSectionElement>(null);
  const windowed = ids.length > LIST_CAP;
  const range = useWindowedRows(body, windowed ? ids.length : 0, CAPTURE_ROW_HEIGHT_PX);
  const [start, end] = windowed ? [range.start, range.end] : [0, ids.length];

  const sortBy = (key: CaptureSortKey) => {
    if (key === by) setDir(dir === 'asc' ? 'desc' : 'asc');
    else {
      setBy(key);
      setDir('asc');
    }
  };
  const direction = (key: CaptureSortKey) => (answers?.by === key ? (answers.dir === 'asc' ? 'ascending' : 'descending') : undefined);

  return (
    <section className={styles.page} aria-labelledby="captures-title">
      <Title2 as="h1" id="captures-title">
        Captures
      </Title2>
      {stage && (
        <Text>
          {ids.length} {ids.length === 1 ? 'capture' : 'captures'} at <strong>{stage}</strong> ·{' '}
          <Link href={paths.captures()}>Show every stage</Link>
        </Text>
      )}
      <div className={rowStyles.scroll}>
        <Table aria-label="Captures" className={rowStyles.table} size="small" aria-rowcount={ids.length + 1}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell sortable sortDirection={direction('captureId')} onClick={() => sortBy('captureId')} style={{ width: 120 }}>
                Capture
              </TableHeaderCell>
              <TableHeaderCell className={rowStyles.wide}>Description</TableHeaderCell>
              <TableHeaderCell>Flown</TableHeaderCell>
              <TableHeaderCell
                sortable
                sortDirection={direction('lastReceivedOn')}
                onClick={() => sortBy('lastReceivedOn')}
              >
                Received
              </TableHeaderCell>
              <TableHeaderCell style={{ width: 80 }}>Surveys</TableHeaderCell>
              <TableHeaderCell style={{ width: 100 }}>Flight Plans</TableHeaderCell>
              <TableHeaderCell style={{ width: 200 }}>Status</TableHeaderCell>
              <TableHeaderCell style={{ width: 200 }}>Actions</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody ref={body}>
            {ids.length === 0 && (
              <TableRow>
                <TableCell colSpan={COLUMN_COUNT} className={rowStyles.empty}>
                  {table ? 'There are no captures.' : 'Loading captures…'}
                </TableCell>
              </TableRow>
            )}
            {start > 0 && <tr aria-hidden style={{ height: start * CAPTURE_ROW_HEIGHT_PX }} />}
            {ids.slice(start, end).map((id) => (
              <CaptureRow key={id} captureId={id} fixedHeight={windowed} />
            ))}
            {end < ids.length && <tr aria-hidden style={{ height: (ids.length - end) * CAPTURE_ROW_HEIGHT_PX }} />}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}
