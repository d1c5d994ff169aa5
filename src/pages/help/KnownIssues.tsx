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
        <li>A media set has no page of its own: it is starred from its row, on Media or on the dashboard.</li>
        <li>
          With team sync, a star added on one of your laptops and taken off on another while they were apart is a conflict of your own, to settle on
          the Conflicts page.
        </li>
        <li>In a very large world (100 000 surveys), the first opening of Media takes a moment longer: the filters’ index is made then.</li>
        <li>The PodConfig upload is checked (one .xml file) but not read.</li>
        <li>
          Download Frames is off while an image proxy is set (Settings): the console can read only its own photo set into a ZIP. Browsers that
          cannot save to a chosen file put the ZIP in their downloads instead.
        </li>
        <li>The demo data lives in this browser only; another laptop has its own copy. Data left untouched for two weeks is reset.</li>
        <li>
          Roles are held in a team world only: on one laptop anyone signed in can do every action. A role the team’s admin changes reaches a
          laptop within a minute of its next reaching the team server; what it did meanwhile that the new role forbids, the server refuses,
          and Settings → Team sync names each such change with why.
        </li>
        <li>A laptop that joins a team world that was not seeded dates its entities' “Loaded with the sample data” at its own join; the team's entries themselves are the same on every laptop.</li>
        <li>Training videos need a network connection; everything else works offline.</li>
      </ul>
    </div>
  );
}
