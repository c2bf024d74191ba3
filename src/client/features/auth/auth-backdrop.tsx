import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Anchor, Box, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDroplet } from '@tabler/icons-react';
import { runtimeConfig, systemTitle } from '../../lib/runtime-config';
import { LanguageSwitch } from './language-switch';
import { WATER_BACKGROUND } from './water-background';

/** The water backdrop, product name and language switch around the login cards. */
export function AuthBackdrop({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation(['auth', 'common']);
  const title = systemTitle(i18n.language) || t('common:appName');
  return (
    <Box mih="100vh" style={{ background: WATER_BACKGROUND, display: 'flex', flexDirection: 'column' }}>
      <Group justify="space-between" px="lg" py="md">
        <Anchor component={Link} to="/" c="white" size="sm" underline="hover">
          {t('login.portal')}
        </Anchor>
        <LanguageSwitch variant="white" />
      </Group>
      <Center style={{ flex: 1 }} px="md" pb={64}>
        <Stack align="center" gap="lg" w="100%" maw={420}>
          <Stack align="center" gap={6}>
            <ThemeIcon size={56} radius="xl" variant="white" color="cyan">
              <IconDroplet size={32} />
            </ThemeIcon>
            <Title order={2} c="white" ta="center">
              {title}
            </Title>
          </Stack>
          {children}
          <Text c="cyan.1" size="xs" ta="center">
            {runtimeConfig().version}
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}
