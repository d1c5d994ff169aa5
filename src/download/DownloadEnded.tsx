/**
 * What became of a Download Frames ZIP: saved (and which frames it lacks, each named, as the ZIP's
 * missing-frames.txt names them), cancelled, or failed, and what was left on disk.
 */
import { MessageBar, MessageBarBody, Text, makeStyles, tokens } from '@fluentui/react-components';
import { outcomeText } from './downloadTexts';
import { frameWords, missingSummary } from './missingFrames';
import type { DownloadOutcome } from './runDownload';

const useStyles = makeStyles({
  scroll: { maxHeight: '12em', overflowY: 'auto' },
  list: {
    margin: 0,
    paddingLeft: '1.5em',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
  },
});

export function DownloadEnded({ outcome }: { outcome: DownloadOutcome }) {
  const styles = useStyles();
  const missing = outcome.kind === 'saved' ? outcome.missing : [];
  const summary = missingSummary(missing.length, outcome.progress.framesTotal);
  const intent = outcome.kind === 'failed' ? 'error' : outcome.kind === 'cancelled' || summary ? 'warning' : 'success';
  return (
    <>
      <MessageBar intent={intent} politeness="polite">
        <MessageBarBody>{outcomeText(outcome)}</MessageBarBody>
      </MessageBar>
      {summary && (
        <>
          <Text>{summary}. The ZIP does not hold them; its missing-frames.txt names them, as here:</Text>
          {/* Scrolls when long: a region that scrolls is a keyboard stop, so it can be scrolled without a mouse. */}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
          <div className={styles.scroll} role="region" aria-label="Frames not in the ZIP" tabIndex={0}>
            <ul className={styles.list}>
              {missing.map(({ frame, reason }) => (
                <li key={frame.name}>
                  {frameWords(frame)}: {reason}
                </li>
              ))}
            </ul>
          </div>
        </>
      )}
    </>
  );
}
