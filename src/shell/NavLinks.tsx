/**
 * The header's main links (docs/requirements.md#req-header): Home, Projects (flag), Captures, Surveys (flag), Media,
 * Drives. The current section is marked with aria-current. Narrow windows get them in a menu
 * instead (see `NavMenu`).
 */
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Link, useLocation } from 'wouter';
import { useFlags } from '../engine/hooks';
import { paths } from '../app/paths';

export interface NavItem {
  label: string;
  href: string;
  /** Paths that count as this section for aria-current. */
  matches: (location: string) => boolean;
}

const under = (prefix: string) => (location: string) => location === prefix || location.startsWith(`${prefix}/`);

/** The links the header offers, given the flags. */
export function useNavItems(): NavItem[] {
  const flags = useFlags();
  const items: NavItem[] = [{ label: 'Home', href: paths.home(), matches: (l) => l === '/' }];
  if (flags.projects) items.push({ label: 'Projects', href: paths.projects(), matches: under('/projects') });
  items.push({ label: 'Captures', href: paths.captures(), matches: under('/captures') });
  if (flags.surveys) items.push({ label: 'Surveys', href: paths.surveys(), matches: (l) => l === '/surveys' });
  items.push({ label: 'Media', href: paths.media(), matches: under('/media') });
  items.push({ label: 'Drives', href: paths.drives(), matches: under('/drives') });
  return items;
}

const useStyles = makeStyles({
  nav: {
    display: 'flex',
    alignItems: 'stretch',
    alignSelf: 'stretch',
    gap: '2px',
    '@media (max-width: 719px)': { display: 'none' },
  },
  link: {
    display: 'flex',
    alignItems: 'center',
    padding: `0 ${tokens.spacingHorizontalM}`,
    color: tokens.colorNeutralForegroundOnBrand,
    textDecorationLine: 'none',
    fontSize: tokens.fontSizeBase300,
    borderBottom: '3px solid transparent',
    borderTop: '3px solid transparent',
    whiteSpace: 'nowrap',
    ':hover': { backgroundColor: tokens.colorBrandBackgroundHover },
    ':focus-visible': { outline: `2px solid ${tokens.colorNeutralForegroundOnBrand}`, outlineOffset: '-4px' },
    '@media (max-width: 1000px)': { padding: `0 ${tokens.spacingHorizontalS}` },
  },
  active: {
    borderBottomColor: tokens.colorNeutralForegroundOnBrand,
    fontWeight: tokens.fontWeightSemibold,
  },
});

export function NavLinks() {
  const s = useStyles();
  const [location] = useLocation();
  const items = useNavItems();
  return (
    <nav aria-label="Main" className={s.nav}>
      {items.map((item) => {
        const active = item.matches(location);
        return (
          <Link
            key={item.href}
            href={item.href}
            className={mergeClasses(s.link, active && s.active)}
            aria-current={active ? 'page' : undefined}
          >
            {item.label}
          </Link>
        );
      })}
    </nav>
  );
}
