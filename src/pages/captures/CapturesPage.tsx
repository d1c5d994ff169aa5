/**
 * /captures: the capture table (docs/requirements.md#req-screen-captures), sortable by capture id or last received date in either
 * direction (never-received captures last). Past LIST_CAP rows only the rows near the viewport are
 * asked for and rendered. `?stage=` narrows it to the captures at one displayed stage. The
 * worker's captures view answers the rows of the window, sorted and filtered where the world is.
 */
import { useRef, useState } from 'react';
import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, Title2, makeStyles } from '@fluentui/react-components';
import { Link, useSearch } from 'wouter';
import type { CaptureSortKey, SortDir } from '../../../worker/domain/sort';
import { useViewKeepingLast } from '../../engine/hooks';
import { paths } from '../../app/paths';
import { useRowWindow } from '../../hooks/useRowWindow';
import { useRowStyles } from '../../components/rowStyles';
import { CAPTURE_ROW_HEIGHT_PX, CaptureTableRow } from './CaptureTableRow';

const COLUMN_COUNT = 8;

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
  const body = useRef<HTMLTableSectionElement>(null);
  const [total, setTotal] = useState(0);
  const { start, count, windowed } = useRowWindow(body, total, CAPTURE_ROW_HEIGHT_PX);
  // The rows of the last answer stay while another sort or window is answered; the headers say their order.
  const { answer: table, answers } = useViewKeepingLast({ view: 'captures', by, dir, stage, start, count }, `${by} ${dir} ${stage ?? ''}`);
  if (table && table.total !== total) setTotal(table.total);
  const rows = table?.rows ?? [];
  const shownTotal = table?.total ?? 0;
  const before = table?.start ?? 0;
  const after = Math.max(0, shownTotal - before - rows.length);

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
          {shownTotal} {shownTotal === 1 ? 'capture' : 'captures'} at <strong>{stage}</strong> ·{' '}
          <Link href={paths.captures()}>Show every stage</Link>
        </Text>
      )}
      <div className={rowStyles.scroll}>
        <Table aria-label="Captures" className={rowStyles.table} size="small" aria-rowcount={shownTotal + 1}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell sortable sortDirection={direction('captureId')} onClick={() => sortBy('captureId')} style={{ width: 120 }}>
                Capture
              </TableHeaderCell>
              <TableHeaderCell className={rowStyles.wide}>Description</TableHeaderCell>
              <TableHeaderCell>Flown</TableHeaderCell>
              <TableHeaderCell sortable sortDirection={direction('lastReceivedOn')} onClick={() => sortBy('lastReceivedOn')}>
                Received
              </TableHeaderCell>
              <TableHeaderCell style={{ width: 80 }}>Surveys</TableHeaderCell>
              <TableHeaderCell style={{ width: 100 }}>Flight Plans</TableHeaderCell>
              <TableHeaderCell style={{ width: 200 }}>Status</TableHeaderCell>
              <TableHeaderCell style={{ width: 200 }}>Actions</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody ref={body}>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={COLUMN_COUNT} className={rowStyles.empty}>
                  {table ? 'There are no captures.' : 'Loading captures…'}
                </TableCell>
              </TableRow>
            )}
            {before > 0 && <tr aria-hidden style={{ height: before * CAPTURE_ROW_HEIGHT_PX }} />}
            {rows.map((row) => (
              <CaptureTableRow key={row.key} capture={row} fixedHeight={windowed} />
            ))}
            {after > 0 && <tr aria-hidden style={{ height: after * CAPTURE_ROW_HEIGHT_PX }} />}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}
