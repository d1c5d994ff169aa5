/**
 * /help/known-issues: limits of the prototype a presenter should know about.
 */
import { Body1, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: { maxWidth: '80ch', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  list: { margin: 0, paddingLeft: '1.5em', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

export function KnownIssues() {
  const s = useStyles();
  return (
    <div className={s.root}>
      <Body1 as="p">Known limits of this prototype:</Body1>
      <ul className={s.list}>
        <li>All surveys show the same test photo set, whatever survey you open (the photo index is fixed).</li>
        <li>The media filters and user favourites are placeholders and do nothing yet.</li>
        <li>The PodConfig upload is checked (one .xml file) but not read.</li>
        <li>The demo data lives in this browser only; another laptop has its own copy. Data left untouched for two weeks is reset.</li>
        <li>Roles are not enforced: anyone signed in can do every action.</li>
        <li>A survey's history lists what was done on this laptop; with team sync on, entries made on other laptops are not yet brought across.</li>
        <li>Training videos need a network connection; everything else works offline.</li>
      </ul>
    </div>
  );
}
