import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { Box, Button, Group, Menu } from '@mantine/core';
import { IconChevronDown, IconDots, IconHome } from '@tabler/icons-react';
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

/** Room between the bar's buttons (px), as the group's `gap` draws it. */
const GAP = 2;

/**
 * How many of the top-level menus fit beside Home in `room` px: all of them, or as many as leave room
 * for the "More" button that takes the rest. `widths` are Home's, each menu's, then More's.
 */
export function menusThatFit(widths: number[], room: number): number {
  const [home, ...rest] = widths;
  const more = rest.pop() ?? 0;
  const total = rest.reduce((sum, w) => sum + GAP + w, home);
  if (total <= room) return rest.length;
  let used = home + GAP + more;
  let fit = 0;
  while (fit < rest.length && used + GAP + rest[fit] <= room) used += GAP + rest[fit++];
  return fit;
}

/**
 * The navigation as a bar in the header (navbar type "top"): one button per top-level menu, its
 * entries in a dropdown. The work area gets the sidebar's width back. Labels are never cut: the
 * menus that do not fit the bar whole (English at 1440 px and below) go, last first, into a "More"
 * dropdown, measured from a hidden copy of the buttons at their natural width.
 */
export function TopNav() {
  const { t, i18n } = useTranslation('layout');
  const { pathname } = useLocation();
  const menus = useMenus();
  const barRef = useRef<HTMLDivElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState(menus.length);

  useLayoutEffect(() => {
    const bar = barRef.current;
    const measure = measureRef.current;
    if (!bar || !measure) return;
    // A bar not laid out (hidden below the breakpoint) has nothing to measure: every menu stays on it.
    const update = () => setFit(bar.clientWidth === 0 ? menus.length : menusThatFit([...measure.children].map((c) => (c as HTMLElement).offsetWidth), bar.clientWidth));
    update();
    // The bar's room changes with the window; the buttons' widths with the language and the fonts.
    const observer = new ResizeObserver(update);
    observer.observe(bar);
    observer.observe(measure);
    return () => observer.disconnect();
  }, [menus, i18n.language]);

  const isActive = (menu: NavMenu) => (menu.list?.length ? flattenMenus(menu.list).some((m) => pathOf(m) === pathname) : pathOf(menu) === pathname);
  const shown = menus.slice(0, fit);
  const hidden = menus.slice(fit);

  const button = (menu: NavMenu, measuring = false) => {
    const label = menuLabel(menu, i18n.language);
    const variant = isActive(menu) ? 'light' : 'subtle';
    if (!menu.list?.length)
      return (
        <Button key={menu.menuId} component={Link} to={pathOf(menu)} tabIndex={measuring ? -1 : undefined} size="compact-sm" variant={variant} color="gray" style={NO_SHRINK} leftSection={<MenuIcon name={menu.icon} />}>
          {label}
        </Button>
      );
    const target = (
      <Button key={menu.menuId} size="compact-sm" tabIndex={measuring ? -1 : undefined} variant={variant} color="gray" style={NO_SHRINK} leftSection={<MenuIcon name={menu.icon} />} rightSection={<IconChevronDown size={14} />}>
        {label}
      </Button>
    );
    if (measuring) return target;
    return (
      <Menu key={menu.menuId} trigger="click-hover" openDelay={60} closeDelay={150} position="bottom-start" withinPortal>
        <Menu.Target>{target}</Menu.Target>
        <Menu.Dropdown mah="70vh" style={{ overflowY: 'auto' }}>
          <DropdownEntries menus={menu.list} pathname={pathname} language={i18n.language} />
        </Menu.Dropdown>
      </Menu>
    );
  };
  const home = (measuring = false) => (
    <Button component={Link} to={HOME_TAB} tabIndex={measuring ? -1 : undefined} size="compact-sm" variant={pathname === HOME_TAB ? 'light' : 'subtle'} color="gray" style={NO_SHRINK} leftSection={<IconHome size={16} stroke={1.6} />}>
      {t('home')}
    </Button>
  );
  const moreTarget = (measuring = false) => (
    <Button size="compact-sm" tabIndex={measuring ? -1 : undefined} variant={hidden.some(isActive) ? 'light' : 'subtle'} color="gray" style={NO_SHRINK} leftSection={<IconDots size={16} />} rightSection={<IconChevronDown size={14} />}>
      {t('more')}
    </Button>
  );

  return (
    <Box ref={barRef} style={{ flex: 1, minWidth: 0, position: 'relative', overflow: 'hidden' }}>
      {/* The buttons at their natural width, out of sight and out of reach: what the bar measures. */}
      <Group ref={measureRef} aria-hidden gap={GAP} wrap="nowrap" style={MEASURE}>
        {home(true)}
        {menus.map((menu) => button(menu, true))}
        {moreTarget(true)}
      </Group>
      <Group component="nav" aria-label={t('mainNav')} gap={GAP} wrap="nowrap">
        {home()}
        {shown.map((menu) => button(menu))}
        {hidden.length > 0 && (
          <Menu trigger="click-hover" openDelay={60} closeDelay={150} position="bottom-end" withinPortal>
            <Menu.Target>{moreTarget()}</Menu.Target>
            <Menu.Dropdown mah="70vh" style={{ overflowY: 'auto' }}>
              {hidden.map((menu) =>
                menu.list?.length ? (
                  <div key={menu.menuId}>
                    <Menu.Label>{menuLabel(menu, i18n.language)}</Menu.Label>
                    <DropdownEntries menus={menu.list} pathname={pathname} language={i18n.language} />
                  </div>
                ) : (
                  <DropdownEntries key={menu.menuId} menus={[menu]} pathname={pathname} language={i18n.language} />
                ),
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    </Box>
  );
}

const NO_SHRINK: CSSProperties = { flexShrink: 0 };
const MEASURE: CSSProperties = { position: 'absolute', top: 0, left: 0, width: 'max-content', visibility: 'hidden', pointerEvents: 'none' };
