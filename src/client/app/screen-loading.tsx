import { useTranslation } from 'react-i18next';
import { Center, Loader } from '@mantine/core';
import { MantineShell } from './mantine-shell';

/** Shown while a chunk loads; also the router's fallback before the first navigation ends. */
export default function ScreenLoading() {
  const { t } = useTranslation('layout');
  return (
    <MantineShell>
      <Center mih={240} h="100%">
        <Loader type="dots" aria-label={t('loadingScreen')} />
      </Center>
    </MantineShell>
  );
}
