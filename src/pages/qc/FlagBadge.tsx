/** A flagged frame's badge on its thumbnail: an icon and the reason in words, never colour alone. */
import { makeStyles, tokens } from '@fluentui/react-components';
import { Flag16Filled } from '@fluentui/react-icons';
import type { FrameFlag } from '../../../worker/domain/frameFlags';

const useStyles = makeStyles({
  badge: {
    position: 'absolute',
    left: '2px',
    bottom: '2px',
    maxWidth: 'calc(100% - 4px)',
    display: 'flex',
    alignItems: 'center',
    gap: '2px',
    padding: '1px 4px',
    borderRadius: tokens.borderRadiusSmall,
    backgroundColor: tokens.colorPaletteDarkOrangeBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
    fontSize: tokens.fontSizeBase100,
    fontWeight: tokens.fontWeightSemibold,
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    pointerEvents: 'none',
  },
});

export function FlagBadge({ flag }: { flag: FrameFlag }) {
  const styles = useStyles();
  return (
    <span className={styles.badge} data-testid="flag-badge" aria-hidden>
      <Flag16Filled />
      {flag.reason}
    </span>
  );
}
