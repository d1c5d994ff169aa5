/**
 * The survey row's action buttons, each offered exactly when the engine's flags allow it:
 * Process Applanix, Process PodConfig, Start QC (opens the QC page) and View QC.
 */
import { useState } from 'react';
import { Button } from '@fluentui/react-components';
import { useLocation } from 'wouter';
import type { SurveyRow } from '../../worker/screens';
import { paths } from '../app/paths';
import { useActionThenGo } from '../hooks/useActionThenGo';
import { ProcessApplanixDialog } from '../dialogs/ProcessApplanixDialog';
import { ProcessPodconfigDialog } from '../dialogs/ProcessPodconfigDialog';
import { alertIfRefused } from '../app/refusal';
import { RoleButton, surveyNamed, useRoleRefusal } from '../app/roleRefusal';

type Open = 'applanix' | 'podconfig' | null;

export function SurveyActions({ survey }: { survey: SurveyRow }) {
  const [open, setOpen] = useState<Open>(null);
  const runThenGo = useActionThenGo();
  const [, navigate] = useLocation();
  const startQc = () =>
    alertIfRefused(runThenGo({ type: 'startSurveyQc', surveyId: survey.surveyId }, paths.surveyQc(survey.surveyId)), 'Start QC');
  const { flags } = survey;
  const refusal = useRoleRefusal();
  const named = surveyNamed(survey);
  return (
    <>
      {flags.needsApplanix && flags.waitingForApplanix && (
        <RoleButton refusal={refusal('processApplanix', named)} size="small" onClick={() => setOpen('applanix')}>
          Process Applanix
        </RoleButton>
      )}
      {flags.needsPodconfig && flags.waitingForPodconfig && (
        <RoleButton refusal={refusal('processPodconfig', named)} size="small" onClick={() => setOpen('podconfig')}>
          Process PodConfig
        </RoleButton>
      )}
      {flags.qcReady && (
        <RoleButton refusal={refusal('startSurveyQc', named)} size="small" appearance="primary" onClick={() => void startQc()}>
          Start QC
        </RoleButton>
      )}
      {flags.qcInProgress && (
        <Button size="small" onClick={() => navigate(paths.surveyQc(survey.surveyId))}>
          View QC
        </Button>
      )}
      <ProcessApplanixDialog open={open === 'applanix'} survey={survey} onClose={() => setOpen(null)} />
      <ProcessPodconfigDialog open={open === 'podconfig'} survey={survey} onClose={() => setOpen(null)} />
    </>
  );
}
