import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ActionIcon, AppShell, Burger, Group, ScrollArea, Text, ThemeIcon, Tooltip, useMantineColorScheme } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDroplet, IconLayoutNavbar, IconLayoutSidebar, IconMoon, IconSun } from '@tabler/icons-react';
import { HEADER_HEIGHT, REGION_WIDTH } from '@shared/constants';
import { systemTitle } from '../lib/runtime-config';
import { setLayoutPrefs, useLayoutPrefs } from './layout-store';
import { LanguageSwitch } from '../features/auth/language-switch';
import { SideNav } from './side-nav';
import { TopNav } from './top-nav';
import { UserMenu } from './user-menu';
import { NotificationBell } from './notification-bell';
import { WorkTabs } from './work-tabs';

/**
 * /main, the back-office layout of spec §2/§9: a 60px header, a 256px sidebar that folds (the fold
 * is remembered), a light or dark skin, and the tabbed work area.
 */
export default function MainLayout() {
  const { t, i18n } = useTranslation(['layout', 'common']);
  const { folded, navbar } = useLayoutPrefs();
  const top = navbar === 'top';
  const [mobileOpened, { toggle: toggleMobile }] = useDisclosure(false);
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const dark = colorScheme === 'dark';
  const title = systemTitle(i18n.language) || t('common:appName');

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: REGION_WIDTH, breakpoint: 'sm', collapsed: { desktop: top || folded, mobile: !mobileOpened } }}
      padding={0}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {top ? null : <Burger opened={!folded} onClick={() => setLayoutPrefs({ folded: !folded })} visibleFrom="sm" size="sm" aria-label={t('toggleNav')} />}
            <Burger opened={mobileOpened} onClick={toggleMobile} hiddenFrom="sm" size="sm" aria-label={t('toggleNav')} />
            <Group gap={10} wrap="nowrap" renderRoot={(props) => <Link to="/main" {...props} />} style={{ textDecoration: 'none', color: 'inherit' }}>
              <ThemeIcon size={34} radius="md" variant="gradient" gradient={{ from: 'cyan.5', to: 'blue.7', deg: 150 }}>
                <IconDroplet size={20} />
              </ThemeIcon>
              <Text fw={700} size="lg" truncate="end" maw={{ base: 160, sm: top ? 260 : 420 }}>
                {title}
              </Text>
            </Group>
          </Group>
          {top ? (
            <Group visibleFrom="sm" style={{ flex: 1, minWidth: 0 }} px="sm">
              <TopNav />
            </Group>
          ) : null}
          <Group gap="xs" wrap="nowrap">
            <Tooltip label={top ? t('navbarSide') : t('navbarTop')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                visibleFrom="sm"
                aria-label={top ? t('navbarSide') : t('navbarTop')}
                onClick={() => setLayoutPrefs({ navbar: top ? 'side' : 'top' })}
              >
                {top ? <IconLayoutSidebar size={18} /> : <IconLayoutNavbar size={18} />}
              </ActionIcon>
            </Tooltip>
            <LanguageSwitch />
            <Tooltip label={dark ? t('lightSkin') : t('darkSkin')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={dark ? t('lightSkin') : t('darkSkin')}
                onClick={() => setColorScheme(dark ? 'light' : 'dark')}
              >
                {dark ? <IconSun size={18} /> : <IconMoon size={18} />}
              </ActionIcon>
            </Tooltip>
            <NotificationBell />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <AppShell.Section grow component={ScrollArea}>
          <SideNav />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main h="100dvh" style={{ display: 'flex', flexDirection: 'column' }} bg={dark ? undefined : 'gray.0'}>
        <WorkTabs />
      </AppShell.Main>
    </AppShell>
  );
}
