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
    const containsActive = flattenMenus(children).some((m) => `/main/${menuRoutePath(m)}` === pathname);
    return (
      <NavLink
        label={label}
        leftSection={<MenuIcon name={menu.icon} />}
        defaultOpened={containsActive}
        childrenOffset={18}
        active={containsActive}
        variant="subtle"
      >
        {children.map((child) => (
          <NavItem key={child.menuId} menu={child} pathname={pathname} language={language} />
        ))}
      </NavLink>
    );
  }
  const to = `/main/${menuRoutePath(menu)}`;
  return <NavLink component={Link} to={to} label={label} leftSection={<MenuIcon name={menu.icon} />} active={pathname === to} />;
}

/** Side navigation from the nav menu tree (seed §2): links to /main/{url}, nested children. */
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
