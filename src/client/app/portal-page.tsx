import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Box, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconActivityHeartbeat, IconChartBar, IconDeviceDesktop, IconDroplet, IconLayoutDashboard, type IconProps } from '@tabler/icons-react';
import { systemTitle } from '../lib/runtime-config';
import { LanguageSwitch } from '../features/auth/language-switch';
import { WATER_BACKGROUND } from '../features/auth/water-background';

interface Entry {
  to: string;
  key: 'backOffice' | 'overview' | 'detail' | 'test';
  icon: ComponentType<IconProps>;
}

const ENTRIES: Entry[] = [
  { to: '/main', key: 'backOffice', icon: IconLayoutDashboard },
  { to: '/page', key: 'overview', icon: IconDeviceDesktop },
  { to: '/page/detail', key: 'detail', icon: IconChartBar },
  { to: '/test', key: 'test', icon: IconActivityHeartbeat },
];

/** The index page (spec §2 root path): the ways into the product. */
export default function PortalPage() {
  const { t, i18n } = useTranslation(['layout', 'common']);
  const title = systemTitle(i18n.language) || t('common:appName');
  return (
    <Box mih="100vh" style={{ background: WATER_BACKGROUND }} py={48}>
      <Container size="lg">
        <Group justify="flex-end" mb="xl">
          <LanguageSwitch variant="white" />
        </Group>
        <Stack align="center" gap="xs" mb={48}>
          <ThemeIcon size={64} radius="xl" variant="white" color="cyan">
            <IconDroplet size={36} />
          </ThemeIcon>
          <Title order={1} c="white" ta="center">
            {title}
          </Title>
          <Text c="cyan.0" size="lg" ta="center">
            {t('portal.tagline')}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
          {ENTRIES.map(({ to, key, icon: Icon }) => (
            <Card key={key} component={Link} to={to} radius="lg" padding="lg" shadow="md" withBorder={false} aria-label={t(`portal.${key}.title`)}>
              <ThemeIcon size={44} radius="md" variant="light" mb="md">
                <Icon size={26} />
              </ThemeIcon>
              <Text fw={700} size="lg">
                {t(`portal.${key}.title`)}
              </Text>
              <Text c="dimmed" size="sm" mt={4}>
                {t(`portal.${key}.text`)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
