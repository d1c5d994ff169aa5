/**
 * On windows narrower than 720 px the header's links fold into one "Navigation" menu, so the
 * search box and user menu keep their room.
 */
import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, makeStyles, tokens } from '@fluentui/react-components';
import { Navigation20Regular } from '@fluentui/react-icons';
import { useLocation } from 'wouter';
import { useNavItems } from './NavLinks';

const useStyles = makeStyles({
  root: { display: 'none', '@media (max-width: 719px)': { display: 'block' } },
  button: {
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': { color: tokens.colorNeutralForegroundOnBrand, backgroundColor: tokens.colorBrandBackgroundHover },
    ':hover:active': { color: tokens.colorNeutralForegroundOnBrand, backgroundColor: tokens.colorBrandBackgroundPressed },
  },
});

export function NavMenu() {
  const s = useStyles();
  const items = useNavItems();
  const [, navigate] = useLocation();
  return (
    <div className={s.root}>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button appearance="transparent" className={s.button} icon={<Navigation20Regular />} aria-label="Navigation" />
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {items.map((item) => (
              <MenuItem key={item.href} onClick={() => navigate(item.href)}>
                {item.label}
              </MenuItem>
            ))}
          </MenuList>
        </MenuPopover>
      </Menu>
    </div>
  );
}
