/**
 * /help/release-notes: authored HTML, sanitised with DOMPurify before it reaches the page. Under
 * Trusted Types (docs/security.md) DOMPurify hands back TrustedHTML, the only HTML the page takes.
 */
import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import { makeStyles, tokens } from '@fluentui/react-components';
import { RELEASE_NOTES_HTML } from './releaseNotesHtml';

const useStyles = makeStyles({
  root: {
    maxWidth: '80ch',
    lineHeight: tokens.lineHeightBase400,
    '& h2': { fontSize: tokens.fontSizeBase500, marginTop: 0 },
    '& h3': { fontSize: tokens.fontSizeBase400 },
    '& li': { marginBottom: tokens.spacingVerticalXS },
  },
});

export function ReleaseNotes() {
  const s = useStyles();
  const html = useMemo(() => DOMPurify.sanitize(RELEASE_NOTES_HTML, { RETURN_TRUSTED_TYPE: true }), []);
  return <article className={s.root} dangerouslySetInnerHTML={{ __html: html }} />;
}
