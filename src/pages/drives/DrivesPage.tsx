/**
 * /drives: every drive with its media and the actions of docs/requirements.md#req-drive-status (Insert, Receive, Cancel,
 * Eject, Assign), each offered exactly when the drive's flags allow.
 */
import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Title2, makeStyles } from '@fluentui/react-components';
import { useView } from '../../engine/hooks';
import { useRowStyles } from '../../components/rowStyles';
import { DriveTableRow } from './DriveTableRow';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '12px' },
});

export default function DrivesPage() {
  const styles = useStyles();
  const rowStyles = useRowStyles();
  const answer = useView({ view: 'drives' });
  const rows = answer?.rows ?? [];
  return (
    <section className={styles.page} aria-labelledby="drives-title">
      <Title2 as="h1" id="drives-title">
        Drives
      </Title2>
      <div className={rowStyles.scroll}>
        <Table aria-label="Drives" className={rowStyles.table} size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell style={{ width: 150 }}>Host</TableHeaderCell>
              <TableHeaderCell>Media</TableHeaderCell>
              <TableHeaderCell style={{ width: 90 }}>Surveys</TableHeaderCell>
              <TableHeaderCell>Captures</TableHeaderCell>
              <TableHeaderCell style={{ width: 220 }}>Status</TableHeaderCell>
              <TableHeaderCell style={{ width: 220 }}>Actions</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={6} className={rowStyles.empty}>
                  {answer ? 'There are no drives.' : 'Loading drives…'}
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row) => <DriveTableRow key={row.key} drive={row} />)
            )}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}
