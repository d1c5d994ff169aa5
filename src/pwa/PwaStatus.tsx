/**
 * The header's service-worker corner: an "Offline" badge saying what still works, and, when a
 * newer version waits, "A new version is available" with a Reload button. Nothing reloads unless
 * the person clicks it, so no one loses a half-filled dialog to an update.
 */
import { useEffect } from 'react';
import { Badge, Button, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular, CloudOffRegular } from '@fluentui/react-icons';
import { usePwaState } from './pwaState';
import { applyUpdate, registerPwa } from './register';

const OFFLINE_HELP =
  'Offline — your work is saved on this device; sample data and photos seen before still show.';

const UPDATE_TEXT = 'A new version is available';

/** Out of sight, still read by screen readers. */
const VISUALLY_HIDDEN = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' } as const;

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexShrink: 0 },
  // A badge's words on one line: squeezed beside the team-sync badge, it wrapped out of its pill.
  badge: { whiteSpace: 'nowrap', flexShrink: 0 },
  // In a phone-wide window the badge is its icon alone: its words stay for screen readers and in its tooltip.
  badgeWords: {
    '@media (max-width: 599px)': VISUALLY_HIDDEN,
  },
  update: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    whiteSpace: 'nowrap',
    fontSize: tokens.fontSizeBase200,
    flexShrink: 0,
  },
  // On narrow windows the header has no room for the sentence: it stays for screen readers and
  // as the button's tooltip.
  updateText: {
    '@media (max-width: 1000px)': VISUALLY_HIDDEN,
  },
  hidden: { ...VISUALLY_HIDDEN, whiteSpace: 'nowrap' },
});

export function PwaStatus() {
  const styles = useStyles();
  const { offline, updateReady, updating, offlineUnavailable } = usePwaState();
  useEffect(registerPwa, []);

  return (
    <div className={styles.root} data-testid="pwa-status">
      {/* aria-live, not role=status: the flash region owns that role and tests look it up by it. */}
      <span aria-live="polite" className={styles.hidden}>
        {offline ? OFFLINE_HELP : ''}
      </span>
      {offline && (
        <Tooltip content={OFFLINE_HELP} relationship="description" withArrow>
          <Badge
            appearance="tint"
            color="warning"
            icon={<CloudOffRegular />}
            role="note"
            // Focusable so keyboard users can open the tooltip that says what still works.
            tabIndex={0}
            data-testid="offline-indicator"
          >
            <span className={styles.badgeWords}>Offline</span>
          </Badge>
        </Tooltip>
      )}
      {offlineUnavailable && (
        <Tooltip content={`Not available offline: ${offlineUnavailable}.`} relationship="description" withArrow>
          <Badge appearance="tint" color="danger" icon={<CloudOffRegular />} role="note" tabIndex={0} data-testid="offline-unavailable" className={styles.badge}>
            <span className={styles.badgeWords}>Not available offline</span>
            <span className={styles.hidden}>: {offlineUnavailable}.</span>
          </Badge>
        </Tooltip>
      )}
      {updateReady && (
        <div className={styles.update} role="group" aria-label="Update">
          <span className={styles.updateText}>{UPDATE_TEXT}</span>
          <Tooltip content={`${UPDATE_TEXT}: reload to use it`} relationship="description" withArrow>
            <Button
              size="small"
              appearance="secondary"
              icon={<ArrowClockwiseRegular />}
              disabled={updating}
              onClick={applyUpdate}
            >
              Reload
            </Button>
          </Tooltip>
        </div>
      )}
    </div>
  );
}
