/**
 * A pre-screen suggestion on a thumbnail (issue 8): an icon, "Suggested", the reason and the
 * measured figure, in words (never colour alone). Shown until the frame is flagged; S accepts it.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { Sparkle16Filled } from '@fluentui/react-icons';
import type { Suggestion } from '../../../worker/prescreen/measure';

const useStyles = makeStyles({
  badge: {
    position: 'absolute',
    left: '2px',
    top: '2px',
    maxWidth: 'calc(100% - 4px)',
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    columnGap: '2px',
    alignItems: 'center',
    padding: '1px 4px',
    borderRadius: tokens.borderRadiusSmall,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    border: `2px solid ${tokens.colorPaletteMarigoldBorderActive}`,
    fontSize: tokens.fontSizeBase100,
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: tokens.lineHeightBase100,
    pointerEvents: 'none',
  },
  line: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  figure: { gridColumn: '2', fontWeight: tokens.fontWeightRegular },
  icon: { flexShrink: 0, color: tokens.colorPaletteMarigoldForeground1 },
});

export function suggestionText(s: Suggestion): string {
  return `Suggested: ${s.reason} (${s.figure})`;
}

export function SuggestedBadge({ suggestion }: { suggestion: Suggestion }) {
  const styles = useStyles();
  return (
    <span className={styles.badge} data-testid="suggested-badge" aria-hidden>
      <Sparkle16Filled className={styles.icon} />
      <span className={styles.line}>Suggested: {suggestion.reason}</span>
      <span className={`${styles.line} ${styles.figure}`}>{suggestion.figure}</span>
    </span>
  );
}
