/**
 * The survey row's more-actions menu: Cancel (when the engine allows it, after a confirmation),
 * Reassign (a plain assignment of this survey), Download Frames (once its media is received, so
 * its frames exist), View History (its history page, docs/history.md).
 */
import { useState } from 'react';
import { useLocation } from 'wouter';
import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { MoreHorizontalRegular } from '@fluentui/react-icons';
import type { SurveyRow } from '../../worker/screens';
import { surveyLabel } from '../../worker/domain/names';
import { useAction } from '../app/useAction';
import { paths } from '../app/paths';
import { ConfirmActionDialog } from '../dialogs/ConfirmActionDialog';
import { ReassignDialog } from '../dialogs/ReassignDialog';
import { openDownloadFrames } from '../download/downloadFramesStore';
import { useRoleRefusal } from '../app/roleRefusal';

export function SurveyMoreActions({ survey }: { survey: SurveyRow }) {
  const run = useAction();
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const [reassigning, setReassigning] = useState(false);
  // A survey still on media not yet received is never listed; once received it may be reassigned.
  const received = survey.display !== 'New';
  const name = surveyLabel(survey.surveyId);
  const refusal = useRoleRefusal();
  const cancelRefused = refusal('cancelSurvey');
  const reassignRefused = refusal('reassignSurvey');
  return (
    <>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button appearance="subtle" size="small" icon={<MoreHorizontalRegular />} aria-label={`More actions for ${name}`} />
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {/* Refused by the person's role: shown disabled, the reason beside it (issue 52). */}
            {survey.flags.canCancel && (
              <MenuItem disabled={!!cancelRefused} secondaryContent={cancelRefused ?? undefined} onClick={() => setConfirming(true)}>
                Cancel
              </MenuItem>
            )}
            {received && (
              <MenuItem disabled={!!reassignRefused} secondaryContent={reassignRefused ?? undefined} onClick={() => setReassigning(true)}>
                Reassign
              </MenuItem>
            )}
            {received && (
              <MenuItem onClick={() => openDownloadFrames({ surveyId: survey.surveyId, linesFlown: survey.linesFlown })}>Download Frames</MenuItem>
            )}
            <MenuItem onClick={() => navigate(paths.history('surveys', survey.surveyId))}>View History</MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      <ReassignDialog open={reassigning} survey={survey} onClose={() => setReassigning(false)} />
      <ConfirmActionDialog
        open={confirming}
        title="Cancel survey"
        okLabel="Cancel survey"
        cancelLabel="Keep survey"
        destructive
        run={() => run({ type: 'cancelSurvey', surveyId: survey.surveyId })}
        onClose={() => setConfirming(false)}
      >
        Cancel {name}? Its workflow stops and cannot be resumed.
      </ConfirmActionDialog>
    </>
  );
}
