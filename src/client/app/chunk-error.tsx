import { useTranslation } from 'react-i18next';
import { Button, Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { MantineShell } from './mantine-shell';

/** A screen chunk that failed or timed out, with a Retry. */
export default function ChunkError({ timedOut, onRetry }: { timedOut: boolean; onRetry: () => void }) {
  const { t } = useTranslation('layout');
  return (
    <MantineShell>
      <Center mih={240} h="100%" p="xl">
        <Stack align="center" gap="sm" role="alert">
          <ThemeIcon size={56} radius="xl" variant="light" color="orange">
            <IconCloudOff size={30} />
          </ThemeIcon>
          <Text fw={600} size="lg">
            {timedOut ? t('chunk.timeout') : t('chunk.failed')}
          </Text>
          <Text c="dimmed" size="sm" ta="center" maw={360}>
            {t('chunk.hint')}
          </Text>
          <Button onClick={onRetry}>{t('chunk.retry')}</Button>
        </Stack>
      </Center>
    </MantineShell>
  );
}
