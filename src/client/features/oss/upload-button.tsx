import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { keysOf } from '@client/lib/resource-keys';
import { Dialog } from '@client/components/dialog/dialog';
import { Uploader } from './uploader';

const FILE_KEYS = keysOf('file');

/** The file list's upload button: the uploader in a dialog; the list refreshes as each file is stored. */
export function UploadButton() {
  const { t } = useTranslation('sysadmin');
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button size="xs" leftSection={<IconUpload size={14} />} onClick={() => setOpened(true)}>
        {t('upload.upload')}
      </Button>
      <Dialog opened={opened} onChange={setOpened} title={t('upload.title')} minimizable={false}>
        <Uploader onUploaded={() => void queryClient.invalidateQueries({ queryKey: FILE_KEYS.all })} />
      </Dialog>
    </>
  );
}
