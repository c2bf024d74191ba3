import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches, useNavigate, useOutlet } from 'react-router-dom';
import { Box, CloseButton, Tabs } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { NavMenu } from '@shared/contracts/auth';
import { findMenuByPath, useMenus } from './menu-store';
import { menuLabel } from './menu-screen';
import { HOME_TAB, closeTab, openTab, useTabs } from './tabs-store';
import type { RouteHandle } from './navigation-check';
import { useDocumentTitle } from '../lib/document-title';

export const ACCOUNT_PATH = '/main/account';

export function tabTitle(path: string, menus: NavMenu[], t: TFunction<['layout', 'account']>, language: string): string {
  if (path === HOME_TAB) return t('layout:home');
  if (path === ACCOUNT_PATH) return t('account:title');
  const menu = findMenuByPath(path, menus);
  return menu ? menuLabel(menu, language) : path.replace(/^\/main\//, '');
}

/**
 * The tabbed work area of spec §2: every screen opened under /main becomes a tab. Visited tabs stay
 * mounted and hidden while another is active, so each keeps its state (filters, pages, open forms).
 */
export function WorkTabs() {
  const { t, i18n } = useTranslation(['layout', 'account']);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const outlet = useOutlet();
  const matches = useMatches();
  const tabs = useTabs();
  const menus = useMenus();
  const visited = useRef(new Map<string, ReactNode>());
  const tabList = useRef<HTMLDivElement>(null);

  const leaf = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  // The super user's unknown /main paths show a 404 in place; they do not become tabs.
  const isScreen = !leaf?.unknownMain;

  useEffect(() => {
    if (isScreen) openTab(pathname);
  }, [pathname, isScreen]);

  useEffect(() => {
    for (const path of visited.current.keys()) if (!tabs.includes(path)) visited.current.delete(path);
  }, [tabs]);

  if (isScreen) visited.current.set(pathname, outlet);
  useDocumentTitle(isScreen ? tabTitle(pathname, menus, t, i18n.language) : null);

  // With many tabs open the strip scrolls: the active one is always brought into view.
  useEffect(() => {
    tabList.current?.querySelector<HTMLElement>('[data-active]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname, tabs.length]);

  const close = (path: string) => {
    const next = closeTab(path);
    visited.current.delete(path);
    if (path === pathname) void navigate(next);
  };

  const shown = tabs.includes(pathname) || !isScreen ? tabs : [...tabs, pathname];
  return (
    <Box style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Tabs value={isScreen ? pathname : null} onChange={(value) => value && void navigate(value)} variant="outline" keepMounted={false}>
        <Tabs.List ref={tabList} aria-label={t('tabs.label')} style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          {shown.map((path) => {
            const title = tabTitle(path, menus, t, i18n.language);
            return (
              <Tabs.Tab
                key={path}
                value={path}
                style={{ flexShrink: 0 }}
                rightSection={
                  path === HOME_TAB ? null : (
                    <CloseButton
                      component="span"
                      role="button"
                      size="xs"
                      aria-label={t('tabs.close', { title })}
                      onClick={(event) => {
                        event.stopPropagation();
                        close(path);
                      }}
                      onKeyDown={(event) => {
                        if (event.key === 'Enter') {
                          event.stopPropagation();
                          close(path);
                        }
                      }}
                    />
                  )
                }
              >
                {title}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
      </Tabs>
      <Box style={{ flex: 1, minHeight: 0, overflow: 'auto' }} p="md">
        {[...visited.current.entries()].map(([path, element]) => {
          const active = isScreen && path === pathname;
          return (
            <Box key={path} role="tabpanel" aria-label={tabTitle(path, menus, t, i18n.language)} hidden={!active} h="100%">
              {active ? outlet : element}
            </Box>
          );
        })}
        {isScreen ? null : outlet}
      </Box>
    </Box>
  );
}
