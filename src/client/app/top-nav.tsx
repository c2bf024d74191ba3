import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { Button, Group, Menu, ScrollArea } from '@mantine/core';
import { IconChevronDown, IconHome } from '@tabler/icons-react';
import type { NavMenu } from '@shared/contracts/auth';
import { flattenMenus, menuRoutePath, useMenus } from './menu-store';
import { menuLabel } from './menu-screen';
import { MenuIcon } from './menu-icon';
import { HOME_TAB } from './tabs-store';

const pathOf = (menu: NavMenu) => `/main/${menuRoutePath(menu)}`;

/** The entries under a directory, nested directories as labelled groups, for one dropdown. */
function DropdownEntries({ menus, pathname, language }: { menus: NavMenu[]; pathname: string; language: string }) {
  return (
    <>
      {menus.map((menu) =>
        menu.list?.length ? (
          <div key={menu.menuId}>
            <Menu.Label>{menuLabel(menu, language)}</Menu.Label>
            <DropdownEntries menus={menu.list} pathname={pathname} language={language} />
          </div>
        ) : (
          <Menu.Item
            key={menu.menuId}
            component={Link}
            to={pathOf(menu)}
            leftSection={<MenuIcon name={menu.icon} />}
            data-active={pathname === pathOf(menu) || undefined}
            fw={pathname === pathOf(menu) ? 600 : undefined}
          >
            {menuLabel(menu, language)}
          </Menu.Item>
        ),
      )}
    </>
  );
}

/**
 * The navigation as a bar in the header (navbar type "top"): one button per top-level menu, its
 * entries in a dropdown. The work area gets the sidebar's width back.
 */
export function TopNav() {
  const { t, i18n } = useTranslation('layout');
  const { pathname } = useLocation();
  const menus = useMenus();
  return (
    <ScrollArea type="never" style={{ flex: 1, minWidth: 0 }}>
      <Group component="nav" aria-label={t('mainNav')} gap={2} wrap="nowrap">
        <Button component={Link} to={HOME_TAB} size="compact-sm" variant={pathname === HOME_TAB ? 'light' : 'subtle'} color="gray" leftSection={<IconHome size={16} stroke={1.6} />}>
          {t('home')}
        </Button>
        {menus.map((menu) => {
          const label = menuLabel(menu, i18n.language);
          const active = menu.list?.length ? flattenMenus(menu.list).some((m) => pathOf(m) === pathname) : pathOf(menu) === pathname;
          if (!menu.list?.length)
            return (
              <Button key={menu.menuId} component={Link} to={pathOf(menu)} size="compact-sm" variant={active ? 'light' : 'subtle'} color="gray" leftSection={<MenuIcon name={menu.icon} />}>
                {label}
              </Button>
            );
          return (
            <Menu key={menu.menuId} trigger="click-hover" openDelay={60} closeDelay={150} position="bottom-start" withinPortal>
              <Menu.Target>
                <Button size="compact-sm" variant={active ? 'light' : 'subtle'} color="gray" leftSection={<MenuIcon name={menu.icon} />} rightSection={<IconChevronDown size={14} />}>
                  {label}
                </Button>
              </Menu.Target>
              <Menu.Dropdown mah="70vh" style={{ overflowY: 'auto' }}>
                <DropdownEntries menus={menu.list} pathname={pathname} language={i18n.language} />
              </Menu.Dropdown>
            </Menu>
          );
        })}
      </Group>
    </ScrollArea>
  );
}
