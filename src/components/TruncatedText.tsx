/**
 * A name that may be long (an email, a user's name, a file name, a media id): shown on one line,
 * cut with an ellipsis, and whole in a tooltip (issue 13). Short names get no tooltip.
 */
import { Tooltip, makeStyles, mergeClasses } from '@fluentui/react-components';

/** Past this many characters a name is likely cut somewhere, so it carries a tooltip. */
const TOOLTIP_FROM_CHARS = 24;

const useStyles = makeStyles({
  text: {
    display: 'inline-block',
    maxWidth: '100%',
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    verticalAlign: 'bottom',
  },
});

export interface TruncatedTextProps {
  text: string;
  className?: string;
  maxWidth?: string;
  /**
   * Whether a long name takes keyboard focus to show its tooltip. False inside a control that is
   * itself focusable (a button, a menu, an option): no interactive element inside another.
   */
  focusable?: boolean;
}

export function TruncatedText({ text, className, maxWidth, focusable = true }: TruncatedTextProps) {
  const styles = useStyles();
  const span = (
    <span className={mergeClasses(styles.text, className)} style={maxWidth ? { maxWidth } : undefined}>
      {text}
    </span>
  );
  if (text.length < TOOLTIP_FROM_CHARS) return span;
  // Focusable, so a keyboard user can read the whole name too.
  return (
    <Tooltip content={text} relationship="description">
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a tooltip's trigger */}
      <span tabIndex={focusable ? 0 : undefined} className={mergeClasses(styles.text, className)} style={maxWidth ? { maxWidth } : undefined}>
        {text}
      </span>
    </Tooltip>
  );
}
