/**
 * The app header (docs/requirements.md#req-header): the logo alone before login (plus the offline badge when offline);
 * after it, the main links, the search box, a Help icon and the user menu.
 */
import { Button, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { QuestionCircle24Regular } from '@fluentui/react-icons';
import { useLocation } from 'wouter';
import { useCurrent } from '../engine/hooks';
import { paths } from '../app/paths';
import { PwaStatus } from '../pwa/PwaStatus';
import { Logo } from './Logo';
import { NavLinks } from './NavLinks';
import { NavMenu } from './NavMenu';
import { SearchBox } from './SearchBox';
import { SyncBadge } from './SyncBadge';
import { UserMenu } from './UserMenu';

export const HEADER_HEIGHT_PX = 52;

const useStyles = makeStyles({
  header: {
    position: 'sticky',
    top: 0,
    zIndex: 100,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    height: `${HEADER_HEIGHT_PX}px`,
    padding: `0 ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    boxShadow: tokens.shadow4,
    '@media (max-width: 1000px)': { gap: tokens.spacingHorizontalS, padding: `0 ${tokens.spacingHorizontalM}` },
  },
  spacer: { flexGrow: 1 },
  tools: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minWidth: 0 },
  iconButton: {
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': { color: tokens.colorNeutralForegroundOnBrand, backgroundColor: tokens.colorBrandBackgroundHover },
    ':hover:active': { color: tokens.colorNeutralForegroundOnBrand, backgroundColor: tokens.colorBrandBackgroundPressed },
  },
});

export function Header() {
  const s = useStyles();
  const { loggedIn } = useCurrent();
  const [, navigate] = useLocation();
  return (
    <header className={s.header}>
      {loggedIn && <NavMenu />}
      <Logo to={loggedIn ? paths.home() : paths.login()} besideMenu={loggedIn} />
      {loggedIn && <NavLinks />}
      <div className={s.spacer} />
      {/* Always mounted: it registers the service worker, and says so when the console is offline. */}
      <PwaStatus />
      {loggedIn && <SyncBadge />}
      {loggedIn && (
        <div className={s.tools}>
          <SearchBox />
          <Tooltip content="Help" relationship="label" withArrow>
            <Button
              appearance="transparent"
              className={s.iconButton}
              icon={<QuestionCircle24Regular />}
              onClick={() => navigate(paths.help())}
            />
          </Tooltip>
          <UserMenu />
        </div>
      )}
    </header>
  );
}

