import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert, Anchor, Box, Card, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconDroplet } from '@tabler/icons-react';
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

/** A sign-in page: the backdrop around one card, headed by the form's title and the line under it. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <AuthBackdrop>
      <Card w="100%" radius="lg" padding="xl" shadow="xl">
        <Stack gap={4} mb="lg">
          <Title order={3}>{title}</Title>
          <Text c="dimmed" size="sm">
            {subtitle}
          </Text>
        </Stack>
        {children}
      </Card>
    </AuthBackdrop>
  );
}

/** Why the server refused a sign-in, shown above the fields; nothing while there is no refusal. */
export function SignInError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
      {message}
    </Alert>
  );
}
