/**
 * /help/upcoming: what the team plans next, so demo audiences know what is deliberately missing.
 */
import { Body1, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: { maxWidth: '80ch', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  list: { margin: 0, paddingLeft: '1.5em', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

export function Upcoming() {
  const s = useStyles();
  return (
    <div className={s.root}>
      <Body1 as="p">Planned for the next releases, in rough order:</Body1>
      <ul className={s.list}>
        <li>Filtering media sets by status, season, date range, project or capture (the filters are shown but not yet active).</li>
        <li>Favourite captures and surveys per user.</li>
        <li>A real map of each capture's flight plans in place of the schematic.</li>
        <li>Image metadata (position, attitude, exposure) in the single image viewer.</li>
        <li>Enforcing the data coordinator and geomatics technician roles.</li>
        <li>Histories shared across a team: each laptop's entries, made offline or not, in every laptop's history, with conflicts and how they were settled.</li>
        <li>Connecting to the processing back end instead of the simulation.</li>
      </ul>
    </div>
  );
}
