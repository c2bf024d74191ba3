import type { ReactNode } from 'react';
import { Box, Center, Stack, Text, Title } from '@mantine/core';

/** The shared look of 403, 404 and error screens: a large soft code, a title, a line and actions. */
export function StatusScreen({ code, title, text, actions, inLayout = false }: {
  code: string;
  title: string;
  text: string;
  actions: ReactNode;
  /** Inside the back-office work area rather than on a page of its own. */
  inLayout?: boolean;
}) {
  return (
    <Center mih={inLayout ? 420 : '100vh'} p="xl">
      <Stack align="center" gap="md" maw={460} ta="center">
        <Box
          aria-hidden
          fz={inLayout ? 88 : 120}
          fw={800}
          lh={1}
          style={{
            letterSpacing: '-0.04em',
            background: 'linear-gradient(160deg, var(--mantine-color-cyan-3), var(--mantine-color-blue-7))',
            WebkitBackgroundClip: 'text',
            backgroundClip: 'text',
            color: 'transparent',
          }}
        >
          {code}
        </Box>
        <Title order={2}>{title}</Title>
        <Text c="dimmed">{text}</Text>
        {actions}
      </Stack>
    </Center>
  );
}
