// stub: owned by ops
/**
 * Placeholder so the shell's routes compile until the ops page lands; ops overwrites this file.
 */

export default function SurveyQcPage({ surveyId }: { surveyId: string }) {
  return <h1>Survey QC {surveyId}</h1>;
}
