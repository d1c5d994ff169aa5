/**
 * The QC report (issue 8): the survey's flagged frames as CSV, one row per flag, for the crew and
 * the re-flight planner. Columns: survey, line, camera, frame, time, reason, note, who, when.
 */
import type { FrameFlag } from '../../../worker/domain/frameFlags';
import type { Survey } from '../../../worker/domain/types';
import { shortId } from '../../../worker/domain/shortId';

export const QC_REPORT_HEADER = ['survey', 'line', 'camera', 'frame', 'time', 'reason', 'note', 'who', 'when'];

/** RFC 4180: quoted when it holds a comma, quote or line break; a leading =+-@ is defused for spreadsheets. */
function cell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function qcReportCsv(survey: Survey, timeOf: (flag: FrameFlag) => string): string {
  const rows = survey.frameFlags.map((f) => [
    shortId(survey.surveyId),
    f.line,
    f.camera,
    f.frame,
    timeOf(f),
    f.reason,
    f.note,
    f.by,
    new Date(f.at).toISOString(),
  ]);
  return [QC_REPORT_HEADER, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

export function qcReportName(survey: Survey): string {
  return `qc-report-${shortId(survey.surveyId)}.csv`;
}
