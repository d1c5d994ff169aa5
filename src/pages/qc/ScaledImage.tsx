/**
 * One frame at one scale, at its true pixels in a scrolling frame, with a spinner until it has
 * loaded (SPEC §2) and a message if it cannot be.
 */
import { useState } from 'react';
import { MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  frame: {
    position: 'relative',
    minHeight: '240px',
    maxHeight: '70vh',
    overflow: 'auto',
    backgroundColor: tokens.colorNeutralBackground6,
    borderRadius: tokens.borderRadiusLarge,
  },
  img: { display: 'block', margin: '0 auto' },
  hidden: { visibility: 'hidden' },
  spinner: { position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' },
});

export function ScaledImage({ src, alt }: { src: string; alt: string }) {
  const styles = useStyles();
  const [done, setDone] = useState<{ src: string; failed: boolean } | null>(null);
  const loading = done?.src !== src;
  return (
    <div className={styles.frame} aria-busy={loading}>
      {loading && (
        <div className={styles.spinner}>
          <Spinner label="Loading image…" />
        </div>
      )}
      {!loading && done?.failed && (
        <MessageBar intent="error">
          <MessageBarBody>This image could not be loaded.</MessageBarBody>
        </MessageBar>
      )}
      {!(done?.src === src && done.failed) && (
      <img
        key={src}
        src={src}
        alt={alt}
        className={loading ? `${styles.img} ${styles.hidden}` : styles.img}
        onLoad={() => setDone({ src, failed: false })}
        onError={() => setDone({ src, failed: true })}
      />
      )}
    </div>
  );
}
