/**
 * A capture's flight plans (docs/requirements.md#req-screen-flight-plans): ID, Name, Lines, Est. Miles, Est. Hours, Altitude (ft),
 * Surveys.
 */
import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import type { Id } from '../../../worker/domain/types';
import { useEntity } from '../../engine/hooks';
import { useRowStyles } from '../../components/rowStyles';

const num = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

function FlightPlanRow({ flightPlanId }: { flightPlanId: Id }) {
  const fp = useEntity('flightPlans', flightPlanId);
  if (!fp) return null;
  return (
    <TableRow>
      <TableCell>{fp.code}</TableCell>
      <TableCell>{fp.name}</TableCell>
      <TableCell>{fp.lines.length}</TableCell>
      <TableCell>{num.format(fp.length)}</TableCell>
      <TableCell>{num.format(fp.time)}</TableCell>
      <TableCell>{num.format(fp.altitude)}</TableCell>
      <TableCell>{fp.surveyIds.length}</TableCell>
    </TableRow>
  );
}

export function FlightPlanTable({ flightPlanIds, label }: { flightPlanIds: Id[]; label: string }) {
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
          {flightPlanIds.length === 0 ? (
            <TableRow>
              <TableCell colSpan={7} className={styles.empty}>
                This capture has no flight plans.
              </TableCell>
            </TableRow>
          ) : (
            flightPlanIds.map((id) => <FlightPlanRow key={id} flightPlanId={id} />)
          )}
        </TableBody>
      </Table>
    </div>
  );
}
