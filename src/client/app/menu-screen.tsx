import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBarrierBlock } from '@tabler/icons-react';
import type { NavMenu } from '@shared/contracts/auth';
import { SCREENS } from './screens';
import { lazyScreen } from './lazy-screen';
import { findMenuByPath, isExternalUrl, useMenus } from './menu-store';
import { localName } from '@shared/local-name';

export function menuLabel(menu: Pick<NavMenu, 'name' | 'nameEn'>, language: string): string {
  return localName(menu.name, menu.nameEn, language);
}

/** One lazy component per registered url, so a tab keeps the same component while it is open. */
const screenCache = new Map<string, ComponentType>();

export function screenFor(url: string): ComponentType | null {
  const key = url.replace(/^\/+/, '');
  const loader = SCREENS[key];
  if (!loader) return null;
  let screen = screenCache.get(key);
  if (!screen) {
    screen = lazyScreen(loader);
    screenCache.set(key, screen);
  }
  return screen;
}

export function NotBuilt({ menu }: { menu: Pick<NavMenu, 'name' | 'nameEn' | 'url'> }) {
  const { t, i18n } = useTranslation('common');
  return (
    <Center mih={320} h="100%" p="xl">
      <Stack align="center" gap="xs" role="status">
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconBarrierBlock size={34} />
        </ThemeIcon>
        <Title order={3}>{t('notBuilt')}</Title>
        <Text c="dimmed" ta="center">
          {t('notBuiltHint', { name: menuLabel(menu, i18n.language) })}
        </Text>
        <Text c="dimmed" size="xs" ff="monospace">
          /main/{menu.url.replace(/^\/+/, '')}
        </Text>
      </Stack>
    </Center>
  );
}

export function IframeScreen({ menu }: { menu: NavMenu }) {
  const { t, i18n } = useTranslation('layout');
  return (
    <Box h="100%" mih="calc(100vh - 140px)">
      <iframe
        title={t('iframeTitle', { name: menuLabel(menu, i18n.language) })}
        src={menu.url}
        style={{ border: 0, width: '100%', height: '100%', minHeight: 'inherit', display: 'block' }}
        referrerPolicy="no-referrer"
      />
    </Box>
  );
}

/** The element of a menu route: its registered screen, an embedded frame, or the not-built placeholder. */
export function MenuScreen({ menu }: { menu: NavMenu }) {
  if (isExternalUrl(menu.url)) return <IframeScreen menu={menu} />;
  const Screen = screenFor(menu.url);
  return Screen ? <Screen /> : <NotBuilt menu={menu} />;
}

/**
 * The element of a route built from a menu. It finds its menu by path at render time, so a route
 * added for an earlier login shows the current user's menu (and the navigation check keeps others out).
 */
export function MenuRouteScreen({ path }: { path: string }) {
  const menu = findMenuByPath(path, useMenus());
  return menu ? <MenuScreen menu={menu} /> : null;
}
