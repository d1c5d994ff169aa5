/**
 * One flash message, coloured by its category (SPEC §8). Danger messages carry a close button
 * because they stay until closed; the others leave by themselves.
 */
import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import {
  CheckmarkCircle20Filled,
  Dismiss16Regular,
  ErrorCircle20Filled,
  Info20Filled,
  Timer20Regular,
  Warning20Filled,
} from '@fluentui/react-icons';
import type { FlashCategory } from '../../worker/api';
import { dismissFlash, type FlashItem } from '../app/flash';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
    color: tokens.colorNeutralForeground1,
  },
  text: { flexGrow: 1 },
  info: { backgroundColor: tokens.colorNeutralBackground1, border: `1px solid ${tokens.colorNeutralStroke1}` },
  success: { backgroundColor: tokens.colorPaletteGreenBackground1, border: `1px solid ${tokens.colorPaletteGreenBorder1}` },
  warning: { backgroundColor: tokens.colorPaletteYellowBackground1, border: `1px solid ${tokens.colorPaletteYellowBorder1}` },
  danger: { backgroundColor: tokens.colorPaletteRedBackground1, border: `1px solid ${tokens.colorPaletteRedBorder1}` },
  simulation: {
    backgroundColor: tokens.colorPaletteLavenderBackground2,
    border: `1px solid ${tokens.colorPaletteLavenderBorderActive}`,
  },
  iconInfo: { color: tokens.colorBrandForeground1 },
  iconSuccess: { color: tokens.colorPaletteGreenForeground1 },
  iconWarning: { color: tokens.colorPaletteDarkOrangeForeground1 },
  iconDanger: { color: tokens.colorPaletteRedForeground1 },
  iconSimulation: { color: tokens.colorPaletteLavenderForeground2 },
});

function Icon({ category }: { category: FlashCategory }) {
  const s = useStyles();
  switch (category) {
    case 'success':
      return <CheckmarkCircle20Filled className={s.iconSuccess} aria-hidden />;
    case 'warning':
      return <Warning20Filled className={s.iconWarning} aria-hidden />;
    case 'danger':
      return <ErrorCircle20Filled className={s.iconDanger} aria-hidden />;
    case 'simulation':
      return <Timer20Regular className={s.iconSimulation} aria-hidden />;
    default:
      return <Info20Filled className={s.iconInfo} aria-hidden />;
  }
}

export function FlashMessage({ flash }: { flash: FlashItem }) {
  const s = useStyles();
  return (
    <div className={mergeClasses(s.root, s[flash.category])} data-category={flash.category}>
      <Icon category={flash.category} />
      <span className={s.text}>{flash.text}</span>
      {flash.category === 'danger' && (
        <Button
          appearance="transparent"
          size="small"
          icon={<Dismiss16Regular />}
          aria-label="Close message"
          onClick={() => dismissFlash(flash.key)}
        />
      )}
    </div>
  );
}
