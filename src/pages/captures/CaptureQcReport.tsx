/**
 * The capture QC page's QC report (issue 8): the flagged frames of every survey of the capture in
 * a table, and "Download QC report" as one CSV (the survey page's builder, qcReport.ts). The
 * capture QC view answers each of its surveys' flags.
 */
import { useMemo } from 'react';
import { Button, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import type { FlaggedSurvey } from '../../../worker/screens';
import { usePhotoIndex } from '../../hooks/usePhotoIndex';
import { downloadText } from '../../app/download';
import { QC_REPORT_HEADER, qcReportCsv, qcReportName, qcReportRows } from '../qc/qcReport';
import { flagTime, qcLines } from '../qc/qcRows';

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: '8px' },
  bar: { display: 'flex', alignItems: 'center', gap: '12px', flexWrap: 'wrap' },
  note: { color: tokens.colorNeutralForeground2 },
  wide: { overflowX: 'auto' },
});

const WHEN = QC_REPORT_HEADER.indexOf('when');
/** On screen the reviewer's local time reads better than the CSV's ISO instant. */
const shown = (value: string, column: number) =>
  column === WHEN ? new Date(value).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : value;

/** Column headers as people read them; the CSV keeps its lower-case names. */
const HEADERS = QC_REPORT_HEADER.map((h) => h[0]!.toUpperCase() + h.slice(1));

export function CaptureQcReport({ cpid, flagged }: { cpid: string; flagged: readonly FlaggedSurvey[] }) {
  const styles = useStyles();
  const photos = usePhotoIndex();
  const timeOf = useMemo(() => flagTime(photos.status === 'ready' ? qcLines(photos.index) : []), [photos]);
  const rows = flagged.flatMap((s) => qcReportRows(s, timeOf));
  const download = () => downloadText(qcReportName({ cpid }), qcReportCsv(flagged, timeOf), 'text/csv');
  return (
    <section className={styles.box} aria-labelledby="capture-qc-report">
      <div className={styles.bar}>
        <Title3 as="h2" id="capture-qc-report">
          Flagged frames
        </Title3>
        <Button icon={<ArrowDownloadRegular />} onClick={download}>
          Download QC report
        </Button>
      </div>
      {rows.length === 0 ? (
        <Text className={styles.note}>No flagged frames in the surveys of {cpid}.</Text>
      ) : (
        // A region that scrolls sideways is a keyboard stop, so it can be scrolled without a mouse.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <div className={styles.wide} role="region" aria-label="Flagged frames table" tabIndex={0}>
          <Table aria-label={`Flagged frames of ${cpid}`} size="small">
            <TableHeader>
              <TableRow>
                {HEADERS.map((h) => (
                  <TableHeaderCell key={h}>{h}</TableHeaderCell>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.slice(0, 4).join(' ')}>
                  {r.map((value, i) => (
                    <TableCell key={HEADERS[i]}>{shown(value, i)}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </section>
  );
}
