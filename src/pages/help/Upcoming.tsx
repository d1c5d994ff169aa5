/**
 * /help/upcoming: what the team plans next, so demo audiences know what is deliberately missing.
 * Each item opens the Coming Soon preset (docs/requirements.md#req-modals), the console's one word
 * for a feature that is announced and not built.
 */
import { Body1, Link, makeStyles, tokens } from '@fluentui/react-components';
import { comingSoon } from '../../components/presets';

const useStyles = makeStyles({
  root: { maxWidth: '80ch', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  list: { margin: 0, paddingLeft: '1.5em', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

/** What is planned and not built (media filters, favourites, image metadata and the Team page are: they are not listed), each with the name its Coming Soon dialog is titled with. */
const PLANNED: [title: string, text: string][] = [
  ['Capture map', 'A real map of each capture’s flight plans in place of the schematic.'],
  ['Processing back end', 'Connecting to the processing back end instead of the simulation.'],
];

export function Upcoming() {
  const s = useStyles();
  return (
    <div className={s.root}>
      <Body1 as="p">Planned for the next releases, in rough order:</Body1>
      <ul className={s.list}>
        {PLANNED.map(([title, text]) => (
          <li key={title}>
            <Link as="button" onClick={() => void comingSoon(title)}>
              {text}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
