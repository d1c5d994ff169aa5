/**
 * Row looks shared by every table: the brief glow of "Highlight row when action performed".
 */
import { makeStyles, tokens } from '@fluentui/react-components';

export const useRowStyles = makeStyles({
  row: { transitionProperty: 'background-color', transitionDuration: '600ms' },
  highlighted: { backgroundColor: tokens.colorPaletteYellowBackground2 },
  actions: { display: 'flex', gap: '4px', flexWrap: 'wrap', alignItems: 'center' },
  muted: { color: tokens.colorNeutralForeground3 },
  empty: { padding: '24px', textAlign: 'center', color: tokens.colorNeutralForeground3 },
});
