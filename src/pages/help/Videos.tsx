/**
 * /help/videos: links to the training videos. They stream from the intranet, so they need a
 * network even when the console itself is offline; the page says so.
 */
import { Body1, Link, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';

const VIDEOS_BASE = 'https://videos.aerial.example/console';

const VIDEOS = [
  { slug: 'tour', title: 'A tour of the console', minutes: 6 },
  { slug: 'receiving-media', title: 'Inserting and receiving media', minutes: 8 },
  { slug: 'applanix-podconfig', title: 'Applanix and PodConfig', minutes: 5 },
  { slug: 'survey-qc', title: 'Survey QC: what to look for', minutes: 12 },
  { slug: 'processing-publishing', title: 'Processing, capture QC and publishing', minutes: 9 },
];

const useStyles = makeStyles({
  root: { maxWidth: '80ch', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  list: { margin: 0, paddingLeft: '1.5em', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  minutes: { color: tokens.colorNeutralForeground3 },
});

export function Videos() {
  const s = useStyles();
  return (
    <div className={s.root}>
      <MessageBar intent="warning">
        <MessageBarBody>The videos stream from the intranet and need a network connection.</MessageBarBody>
      </MessageBar>
      <Body1 as="p">Short training videos, each opening in a new tab:</Body1>
      <ul className={s.list}>
        {VIDEOS.map((v) => (
          <li key={v.slug}>
            <Link href={`${VIDEOS_BASE}/${v.slug}`} target="_blank" rel="noopener noreferrer" inline>
              {v.title}
            </Link>{' '}
            <span className={s.minutes}>({v.minutes} min)</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
