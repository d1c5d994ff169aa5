/**
 * The console's mark and name, linking to the dashboard. The name hides on narrow windows; the
 * link keeps it as its accessible name (which must not contain "Home", the nav link's name).
 */
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Link } from 'wouter';
import { paths } from '../app/paths';

export const PRODUCT_NAME = 'Aerial Survey Console';

const useStyles = makeStyles({
  link: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    color: tokens.colorNeutralForegroundOnBrand,
    textDecorationLine: 'none',
    flexShrink: 0,
    borderRadius: tokens.borderRadiusMedium,
    ':focus-visible': { outline: `2px solid ${tokens.colorNeutralForegroundOnBrand}`, outlineOffset: '2px' },
  },
  // Phone-wide, signed in, the menu beside it leads Home, and the header's tools need the room.
  besideMenu: { '@media (max-width: 479px)': { display: 'none' } },
  name: {
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase400,
    whiteSpace: 'nowrap',
    '@media (max-width: 1180px)': { display: 'none' },
  },
});

/** A camera looking down on a flight line: the product in one glyph. */
function Mark() {
  return (
    <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="26" height="26" rx="6" fill="#ffffff" fillOpacity="0.16" />
      <path d="M5 19 L23 9" stroke="#ffffff" strokeWidth="2" strokeDasharray="3 2" />
      <path d="M10 8 h8 l-1.5 3 h-5 z" fill="#ffffff" />
      <circle cx="14" cy="15" r="2.5" fill="none" stroke="#ffffff" strokeWidth="1.6" />
    </svg>
  );
}

export function Logo({ to, besideMenu = false }: { to?: string; besideMenu?: boolean }) {
  const s = useStyles();
  return (
    <Link href={to ?? paths.home()} className={mergeClasses(s.link, besideMenu && s.besideMenu)} aria-label={PRODUCT_NAME}>
      <Mark />
      <span className={s.name}>{PRODUCT_NAME}</span>
    </Link>
  );
}
