/**
 * The user menu (docs/requirements.md#req-header): shows who is signed in, and offers Help, Settings and Logout.
 */
import {
  Avatar,
  Button,
  Menu,
  MenuDivider,
  MenuGroupHeader,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { QuestionCircle20Regular, Settings20Regular, SignOut20Regular } from '@fluentui/react-icons';
import { useLocation } from 'wouter';
import { useCurrent, useTeamSync } from '../engine/hooks';
import { ROLE_WORDS } from '../../worker/domain/roles';
import { paths } from '../app/paths';
import { TruncatedText } from '../components/TruncatedText';

const useStyles = makeStyles({
  trigger: {
    color: tokens.colorNeutralForegroundOnBrand,
    minWidth: 'auto',
    ':hover': { color: tokens.colorNeutralForegroundOnBrand, backgroundColor: tokens.colorBrandBackgroundHover },
    ':hover:active': { color: tokens.colorNeutralForegroundOnBrand, backgroundColor: tokens.colorBrandBackgroundPressed },
  },
  // A long name is cut with an ellipsis (whole in its tooltip), so the search box keeps its room.
  name: {
    '@media (max-width: 1000px)': { display: 'none' },
  },
  who: { flexDirection: 'column', alignItems: 'flex-start', height: 'auto', paddingTop: tokens.spacingVerticalS, paddingBottom: tokens.spacingVerticalS },
  email: { color: tokens.colorNeutralForeground3, fontWeight: tokens.fontWeightRegular },
});

export function UserMenu() {
  const s = useStyles();
  const { user } = useCurrent();
  const team = useTeamSync();
  // In a team world, the role the server holds the person to (issue 52).
  const role = team && team.state !== 'off' && team.role ? ROLE_WORDS[team.role] : null;
  const [, navigate] = useLocation();
  if (!user) return null;
  return (
    <Menu positioning="below-end">
      <MenuTrigger disableButtonEnhancement>
        <Button
          appearance="transparent"
          className={s.trigger}
          aria-label="User menu"
          icon={<Avatar size={24} name={user.name} initials={user.initials} color="neutral" aria-hidden />}
        >
          <TruncatedText className={s.name} text={user.name} maxWidth="20ch" focusable={false} />
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuGroupHeader className={s.who}>
            <TruncatedText text={user.name} maxWidth="32ch" focusable={false} />
            <TruncatedText className={s.email} text={user.email} maxWidth="32ch" focusable={false} />
            {role && <TruncatedText className={s.email} text={`Role: ${role}`} maxWidth="32ch" focusable={false} />}
          </MenuGroupHeader>
          <MenuDivider />
          <MenuItem icon={<QuestionCircle20Regular />} onClick={() => navigate(paths.help())}>
            Help
          </MenuItem>
          <MenuItem icon={<Settings20Regular />} onClick={() => navigate(paths.settings())}>
            Settings
          </MenuItem>
          <MenuItem icon={<SignOut20Regular />} onClick={() => navigate(paths.logout())}>
            Logout
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
