/**
 * The viewer's Metadata tab: what the reviewer needs to name a frame in a QC note.
 */
import { Table, TableBody, TableCell, TableRow, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  table: { maxWidth: '760px' },
  term: { width: '160px', textAlign: 'left', fontWeight: tokens.fontWeightRegular, padding: '0 8px', color: tokens.colorNeutralForeground3 },
  value: { fontFamily: tokens.fontFamilyMonospace },
});

export function ImageMetadata({ rows }: { rows: [string, string][] }) {
  const styles = useStyles();
  return (
    <Table id="viewer-metadata" tabIndex={-1} aria-label="Image metadata" size="small" className={styles.table}>
      <TableBody>
        {rows.map(([term, value]) => (
          <TableRow key={term}>
            <th scope="row" className={styles.term}>
              {term}
            </th>
            <TableCell className={styles.value}>{value}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
