/**
 * The capture QC page's QC report (issue 8): the flagged frames of every survey of the capture in
 * a table, and "Download QC report" as one CSV (the survey page's builder, qcReport.ts). Each
 * survey is read on its own through useEntity by a small watcher, so the page reads only the
 * capture's surveys, never a whole kind.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import type { Capture, Survey } from '../../engine/entities';
import { useEntity } from '../../engine/hooks';
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

function SurveyWatch({ surveyId, onSurvey }: { surveyId: string; onSurvey(id: string, survey: Survey | undefined): void }) {
  const survey = useEntity('surveys', surveyId);
  useEffect(() => onSurvey(surveyId, survey), [surveyId, survey, onSurvey]);
  return null;
}

export function CaptureQcReport({ capture }: { capture: Capture }) {
  const styles = useStyles();
  const [byId, setById] = useState<ReadonlyMap<string, Survey>>(new Map());
  const onSurvey = useCallback((id: string, survey: Survey | undefined) => {
    setById((prev) => {
      if (prev.get(id) === survey) return prev;
      const next = new Map(prev);
      if (survey) next.set(id, survey);
      else next.delete(id);
      return next;
    });
  }, []);
  const photos = usePhotoIndex();
  const timeOf = useMemo(() => flagTime(photos.status === 'ready' ? qcLines(photos.index) : []), [photos]);
  // In the capture's own survey order.
  const surveys = capture.surveyIds.flatMap((id) => byId.get(id) ?? []);
  const rows = surveys.flatMap((s) => qcReportRows(s, timeOf));
  const download = () => downloadText(qcReportName(capture), qcReportCsv(surveys, timeOf), 'text/csv');
  return (
    <section className={styles.box} aria-labelledby="capture-qc-report">
      {capture.surveyIds.map((id) => (
        <SurveyWatch key={id} surveyId={id} onSurvey={onSurvey} />
      ))}
      <div className={styles.bar}>
        <Title3 as="h2" id="capture-qc-report">
          Flagged frames
        </Title3>
        <Button icon={<ArrowDownloadRegular />} onClick={download}>
          Download QC report
        </Button>
      </div>
      {rows.length === 0 ? (
        <Text className={styles.note}>No flagged frames in the surveys of {capture.cpid}.</Text>
      ) : (
        // A region that scrolls sideways is a keyboard stop, so it can be scrolled without a mouse.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <div className={styles.wide} role="region" aria-label="Flagged frames table" tabIndex={0}>
          <Table aria-label={`Flagged frames of ${capture.cpid}`} size="small">
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
