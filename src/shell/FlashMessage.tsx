/**
 * One flash message as a Fluent MessageBar, its intent from the category (docs/requirements.md#req-flash). Every message
 * carries a close button: danger stays until closed, the others may be closed before they leave.
 * The live region around it announces the text, so the bar itself does not announce again.
 */
import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  makeStyles,
  mergeClasses,
  tokens,
  type MessageBarIntent,
} from '@fluentui/react-components';
import { Dismiss16Regular, Timer20Regular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { FlashCategory } from '../../worker/api';
import { dismissFlash, type FlashItem } from '../app/flash';

const useStyles = makeStyles({
  bar: { boxShadow: tokens.shadow16 },
  simulation: {
    backgroundColor: tokens.colorPaletteLavenderBackground2,
    border: `1px solid ${tokens.colorPaletteLavenderBorderActive}`,
  },
  simulationIcon: { color: tokens.colorPaletteLavenderForeground2 },
  link: { color: tokens.colorBrandForegroundLink, fontWeight: tokens.fontWeightSemibold },
});

const INTENT: Record<FlashCategory, MessageBarIntent> = {
  info: 'info',
  success: 'success',
  warning: 'warning',
  danger: 'error',
  simulation: 'info',
};

export function FlashMessage({ flash }: { flash: FlashItem }) {
  const s = useStyles();
  const simulation = flash.category === 'simulation';
  const icon: ReactNode = simulation ? <Timer20Regular className={s.simulationIcon} aria-hidden /> : undefined;
  return (
    <MessageBar
      intent={INTENT[flash.category]}
      // The surrounding live region announces; a second announcement would repeat the text.
      politeness="polite"
      role={undefined}
      aria-labelledby={undefined}
      icon={icon}
      className={mergeClasses(s.bar, simulation && s.simulation)}
      data-category={flash.category}
    >
      <MessageBarBody>
        {flash.text}
        {flash.link && (
          <>
            {' '}
            <Link href={flash.link.href} className={s.link}>
              {flash.link.text}
            </Link>
          </>
        )}
      </MessageBarBody>
      <MessageBarActions
        containerAction={
          <Button
            appearance="transparent"
            size="small"
            icon={<Dismiss16Regular />}
            aria-label="Close message"
            onClick={() => dismissFlash(flash.key)}
          />
        }
      />
    </MessageBar>
  );
}
