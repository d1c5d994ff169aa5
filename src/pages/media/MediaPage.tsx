/**
 * /media: the first LIST_CAP media sets (docs/requirements.md#req-screen-media, #req-list-cap), with the placeholder filters, and an
 * empty state pointing at the drives.
 */
import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { Link } from 'wouter';
import { LIST_CAP } from '../../../worker/domain/constants';
import { useView } from '../../engine/hooks';
import { paths } from '../../app/paths';
import { useRowStyles } from '../../components/rowStyles';
import { MediaFilters } from './MediaFilters';
import { MediaTableRow } from './MediaTableRow';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '12px' },
  note: { color: tokens.colorNeutralForeground3 },
});

export default function MediaPage() {
  const styles = useStyles();
  const rowStyles = useRowStyles();
  const list = useView({ view: 'media' });
  const rows = list?.rows ?? [];
  return (
    <section className={styles.page} aria-labelledby="media-title">
      <Title2 as="h1" id="media-title">
        Media
      </Title2>
      <MediaFilters />
      {list && list.total > LIST_CAP && (
        <Text className={styles.note}>
          Showing the first {LIST_CAP} of {list.total} media sets.
        </Text>
      )}
      <div className={rowStyles.scroll}>
        <Table aria-label="Media" className={rowStyles.table} size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell style={{ width: 140 }}>Received On</TableHeaderCell>
              <TableHeaderCell>Media</TableHeaderCell>
              <TableHeaderCell style={{ width: 90 }}>Surveys</TableHeaderCell>
              <TableHeaderCell>Captures</TableHeaderCell>
              <TableHeaderCell style={{ width: 200 }}>Status</TableHeaderCell>
              <TableHeaderCell style={{ width: 180 }}>Actions</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {!list ? (
              <TableRow>
                <TableCell colSpan={6} className={rowStyles.empty}>
                  Loading media…
                </TableCell>
              </TableRow>
            ) : rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={6} className={rowStyles.empty}>
                  No media sets have been received. <Link href={paths.drives()}>Go to the drives</Link> to insert and receive media.
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row) => <MediaTableRow key={row.key} media={row} />)
            )}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}
