/**
 * /media: the first LIST_CAP media sets (SPEC §2, §9), with the placeholder filters, and an
 * empty state pointing at the drives.
 */
import { useMemo } from 'react';
import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Title2, makeStyles } from '@fluentui/react-components';
import { Link } from 'wouter';
import { LIST_CAP } from '../../../worker/domain/constants';
import { useIds } from '../../engine/hooks';
import { paths } from '../../app/paths';
import { useRowStyles } from '../../components/rowStyles';
import { MediaFilters } from './MediaFilters';
import { MediaRow } from './MediaRow';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '12px' },
});

export default function MediaPage() {
  const styles = useStyles();
  const rowStyles = useRowStyles();
  const all = useIds('media');
  const ids = useMemo(() => all.slice(0, LIST_CAP), [all]);
  return (
    <section className={styles.page} aria-labelledby="media-title">
      <Title2 as="h1" id="media-title">
        Media
      </Title2>
      <MediaFilters />
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
            {ids.length === 0 ? (
              <TableRow>
                <TableCell colSpan={6} className={rowStyles.empty}>
                  No media sets have been received. <Link href={paths.drives()}>Go to the drives</Link> to insert and receive media.
                </TableCell>
              </TableRow>
            ) : (
              ids.map((id) => <MediaRow key={id} mediaId={id} />)
            )}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}
