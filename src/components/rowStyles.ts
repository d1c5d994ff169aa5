/**
 * Row looks shared by every table: the brief glow of "Highlight row when action performed".
 */
import { makeStyles, tokens } from '@fluentui/react-components';

export const useRowStyles = makeStyles({
  /** Fluent tables default to a fixed layout; ours size columns by their content. */
  table: { tableLayout: 'auto', minWidth: '720px' },
  /** Narrow windows scroll a wide table sideways instead of crushing its columns. */
  scroll: { overflowX: 'auto', backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusLarge, boxShadow: tokens.shadow2 },
  row: { transitionProperty: 'background-color', transitionDuration: '600ms' },
  highlighted: { backgroundColor: tokens.colorPaletteYellowBackground2 },
  // The column is never narrower than its widest button: in a narrow window the buttons stack
  // rather than being clipped at the window's edge.
  actions: { display: 'flex', gap: '4px', flexWrap: 'wrap', alignItems: 'center', minWidth: 'min-content' },
  /** Dates stay on one line where there is room; narrow windows let them wrap (at 800 px the
   *  survey table's Actions column then fits beside them). */
  nowrap: { minWidth: '64px', '@media (min-width: 1000px)': { whiteSpace: 'nowrap', minWidth: '92px' } },
  wide: { minWidth: '120px', '@media (min-width: 1000px)': { minWidth: '200px' } },
  muted: { color: tokens.colorNeutralForeground3 },
  /** An entity's star beside its id, on one line. */
  named: { display: 'flex', alignItems: 'center', whiteSpace: 'nowrap' },
  empty: { padding: '24px', textAlign: 'center', color: tokens.colorNeutralForeground3 },
});
