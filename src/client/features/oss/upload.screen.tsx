import { Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { keysOf } from '@client/lib/resource-keys';
import { Uploader } from './uploader';

const FILE_KEYS = keysOf('file');

/** oss/oss-upload: files without an owner record, for the file list (oss/oss). */
export default function UploadPage() {
  const { t } = useTranslation('sysadmin');
  const queryClient = useQueryClient();
  return (
    <Stack gap="sm" maw={960}>
      <Title order={4}>{t('upload.title')}</Title>
      <Uploader onUploaded={() => void queryClient.invalidateQueries({ queryKey: FILE_KEYS.all })} />
    </Stack>
  );
}
