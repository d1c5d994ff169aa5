/**
 * The survey row's more-actions menu: Cancel (when the engine allows it, after a confirmation)
 * and the features the prototype announces as coming soon.
 */
import { useState } from 'react';
import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { MoreHorizontalRegular } from '@fluentui/react-icons';
import type { Survey } from '../../worker/domain/types';
import { shortId } from '../../worker/domain/shortId';
import { useAction } from '../app/useAction';
import { comingSoon } from './presets';
import { ConfirmActionDialog } from '../dialogs/ConfirmActionDialog';

const COMING_SOON = ['Download Frames', 'Reassign', 'View History'] as const;

export function SurveyMoreActions({ survey }: { survey: Survey }) {
  const run = useAction();
  const [confirming, setConfirming] = useState(false);
  const id = shortId(survey.surveyId);
  return (
    <>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button appearance="subtle" size="small" icon={<MoreHorizontalRegular />} aria-label={`More actions for survey ${id}`} />
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {survey.flags.canCancel && <MenuItem onClick={() => setConfirming(true)}>Cancel</MenuItem>}
            {COMING_SOON.map((label) => (
              <MenuItem key={label} onClick={() => void comingSoon(label)}>
                {label}
              </MenuItem>
            ))}
          </MenuList>
        </MenuPopover>
      </Menu>
      {confirming && (
        <ConfirmActionDialog
          title="Cancel survey"
          okLabel="Cancel survey"
          cancelLabel="Keep survey"
          destructive
          run={() => run({ type: 'cancelSurvey', surveyId: survey.surveyId })}
          onClose={() => setConfirming(false)}
        >
          Cancel survey {id}? Its workflow stops and cannot be resumed.
        </ConfirmActionDialog>
      )}
    </>
  );
}
