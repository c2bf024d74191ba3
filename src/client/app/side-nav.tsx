import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { NavLink } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import type { NavMenu } from '@shared/contracts/auth';
import { flattenMenus, menuRoutePath, useMenus } from './menu-store';
import { menuLabel } from './menu-screen';
import { MenuIcon } from './menu-icon';
import { HOME_TAB } from './tabs-store';

function NavItem({ menu, pathname, language }: { menu: NavMenu; pathname: string; language: string }) {
  const label = menuLabel(menu, language);
  const children = menu.list ?? [];
  if (children.length > 0) {
    return <NavGroup menu={menu} label={label} pathname={pathname} language={language} />;
  }
  const to = `/main/${menuRoutePath(menu)}`;
  return <NavLink component={Link} to={to} label={label} leftSection={<MenuIcon name={menu.icon} />} active={pathname === to} />;
}

/** A directory: it opens by itself when the screen shown is one of its entries, and the user may fold it. */
function NavGroup({ menu, label, pathname, language }: { menu: NavMenu; label: string; pathname: string; language: string }) {
  const containsActive = flattenMenus(menu.list).some((m) => `/main/${menuRoutePath(m)}` === pathname);
  const [opened, setOpened] = useState(containsActive);
  useEffect(() => {
    if (containsActive) setOpened(true);
  }, [containsActive]);
  return (
    <NavLink
      label={label}
      leftSection={<MenuIcon name={menu.icon} />}
      opened={opened}
      onChange={setOpened}
      childrenOffset={18}
      active={containsActive && !opened}
      variant="subtle"
    >
      {menu.list.map((child) => (
        <NavItem key={child.menuId} menu={child} pathname={pathname} language={language} />
      ))}
    </NavLink>
  );
}

/** Side navigation from the nav menu tree (spec §2): links to /main/{url}, nested children. */
export function SideNav() {
  const { t, i18n } = useTranslation('layout');
  const { pathname } = useLocation();
  const menus = useMenus();
  return (
    <nav aria-label={t('mainNav')}>
      <NavLink component={Link} to={HOME_TAB} label={t('home')} leftSection={<IconHome size={18} stroke={1.6} />} active={pathname === HOME_TAB} />
      {menus.map((menu) => (
        <NavItem key={menu.menuId} menu={menu} pathname={pathname} language={i18n.language} />
      ))}
    </nav>
  );
}
