/**
 * A capture's flight plans (docs/requirements.md#req-screen-flight-plans): ID, Name, Lines, Est. Miles, Est. Hours, Altitude (ft),
 * Surveys.
 */
import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import type { FlightPlanRow } from '../../../worker/screens';
import { useRowStyles } from '../../components/rowStyles';

const num = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

export function FlightPlanTable({ plans, label }: { plans: readonly FlightPlanRow[]; label: string }) {
  const styles = useRowStyles();
  return (
    <div className={styles.scroll}>
      <Table aria-label={label} className={styles.table} size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>ID</TableHeaderCell>
            <TableHeaderCell>Name</TableHeaderCell>
            <TableHeaderCell>Lines</TableHeaderCell>
            <TableHeaderCell>Est. Miles</TableHeaderCell>
            <TableHeaderCell>Est. Hours</TableHeaderCell>
            <TableHeaderCell>Altitude (ft)</TableHeaderCell>
            <TableHeaderCell>Surveys</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {plans.length === 0 ? (
            <TableRow>
              <TableCell colSpan={7} className={styles.empty}>
                This capture has no flight plans.
              </TableCell>
            </TableRow>
          ) : (
            plans.map((fp) => (
              <TableRow key={fp.key}>
                <TableCell>{fp.code}</TableCell>
                <TableCell>{fp.name}</TableCell>
                <TableCell>{fp.lines.length}</TableCell>
                <TableCell>{num.format(fp.length)}</TableCell>
                <TableCell>{num.format(fp.time)}</TableCell>
                <TableCell>{num.format(fp.altitude)}</TableCell>
                <TableCell>{fp.surveys}</TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </div>
  );
}
