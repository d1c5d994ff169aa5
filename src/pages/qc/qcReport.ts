/**
 * The QC report (issue 8): flagged frames as CSV, one row per flag, for the crew and the re-flight
 * planner. Columns: survey, line, camera, frame, time, reason, note, who, when. One builder for the
 * survey QC page (one survey) and the capture QC page (all surveys of the capture).
 */
import type { FrameFlag } from '../../../worker/domain/frameFlags';
import type { FlaggedSurvey } from '../../../worker/screens';
import { shortId } from '../../../worker/domain/shortId';

export const QC_REPORT_HEADER = ['survey', 'line', 'camera', 'frame', 'time', 'reason', 'note', 'who', 'when'];

/** RFC 4180: quoted when it holds a comma, quote or line break; a leading =+-@ is defused for spreadsheets. */
function cell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The report's rows of a survey, as the table on screen and the CSV show them. */
export function qcReportRows(survey: FlaggedSurvey, timeOf: (flag: FrameFlag) => string): string[][] {
  return survey.frameFlags.map((f) => [
    shortId(survey.surveyId),
    String(f.line),
    f.camera,
    String(f.frame),
    timeOf(f),
    f.reason,
    f.note,
    f.by,
    new Date(f.at).toISOString(),
  ]);
}

export function qcReportCsv(surveys: readonly FlaggedSurvey[], timeOf: (flag: FrameFlag) => string): string {
  const rows = surveys.flatMap((s) => qcReportRows(s, timeOf));
  return [QC_REPORT_HEADER, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** qc-report-{survey}.csv, or qc-report-{cpid}.csv for a capture's surveys. */
export function qcReportName(of: { surveyId: string } | { cpid: string }): string {
  return `qc-report-${'surveyId' in of ? shortId(of.surveyId) : of.cpid}.csv`;
}
