/**
 * The QC report (issue 8): flagged frames as CSV, one row per flag, for the crew and the re-flight
 * planner. Columns: survey, line, camera, frame, time, reason, note, who, when. One builder for the
 * survey QC page (one survey) and the capture QC page (all surveys of the capture).
 */
import type { FrameFlag } from '../../../worker/domain/frameFlags';
import type { FlaggedSurvey } from '../../../worker/screens';
import { shortId } from '../../../worker/domain/shortId';
import { csvText } from '../../app/csv';

export const QC_REPORT_HEADER = ['survey', 'line', 'camera', 'frame', 'time', 'reason', 'note', 'who', 'when'];

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
  return csvText([QC_REPORT_HEADER, ...rows]);
}

/** qc-report-{survey}.csv, or qc-report-{cpid}.csv for a capture's surveys. */
export function qcReportName(of: { surveyId: string } | { cpid: string }): string {
  return `qc-report-${'surveyId' in of ? shortId(of.surveyId) : of.cpid}.csv`;
}
