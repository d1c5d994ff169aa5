/** The QC grid's geometry and styles, shared by the grid and its rows. */
import { makeStyles, tokens } from '@fluentui/react-components';
import { HEADER_HEIGHT_PX } from '../../shell/Header';

export const QC_ROW_HEIGHT_PX = 92;
export const TIME_COL = '84px';

export const useGridStyles = makeStyles({
  table: { position: 'relative' },
  head: {
    position: 'sticky',
    top: `${HEADER_HEIGHT_PX}px`,
    zIndex: 2,
    display: 'grid',
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    boxShadow: tokens.shadow2,
  },
  headCell: { padding: '6px 4px', fontWeight: tokens.fontWeightSemibold, textAlign: 'center' },
  body: { position: 'relative' },
  row: { position: 'absolute', left: 0, right: 0, display: 'grid', alignItems: 'center', gap: '4px', padding: '2px 0' },
  time: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2, textAlign: 'center' },
  thumbLink: {
    position: 'relative',
    display: 'block',
    height: `${QC_ROW_HEIGHT_PX - 8}px`,
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground5,
    outlineOffset: '2px',
    ':hover': { boxShadow: `0 0 0 2px ${tokens.colorBrandStroke1}` },
    // The focused frame must be obvious on any photo: a thick two-tone ring.
    ':focus-visible': {
      outline: `3px solid ${tokens.colorStrokeFocus2}`,
      boxShadow: `0 0 0 6px ${tokens.colorStrokeFocus1}`,
    },
  },
  empty: { display: 'block', height: `${QC_ROW_HEIGHT_PX - 8}px` },
  none: { padding: '12px 8px', color: tokens.colorNeutralForeground2 },
  thumb: { display: 'block', width: '100%', height: '100%', objectFit: 'cover' },
});

