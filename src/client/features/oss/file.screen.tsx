import { Anchor, Button, Group } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OssFile } from '@shared/contracts/oss-config';
import { api } from '@client/lib/api';
import { tMessage } from '@client/lib/i18n';
import { runtimeConfig } from '@client/lib/runtime-config';
import { useCan } from '@client/lib/session';
import { openFileOnClick } from '@client/lib/files';
import { ReadOnlyList } from '@client/components/read-only-list/read-only-list';
import { messageBox } from '@client/components/message-box/message-box';
import { toast } from '@client/components/feedback/toast';
import { dateTime } from '@client/lib/date-time';
import { formatSize } from './file-size';
import { UploadButton } from './upload-button';
import { keysOf } from '@client/lib/resource-keys';
import { RESOURCES } from '@shared/resources';
import { permissionOf } from '@client/lib/resources';

const BASE = RESOURCES.file.api;
const keys = keysOf('file');

export default function FilesPage() {
  const { t } = useTranslation(['sysadmin', 'kit']);
  const queryClient = useQueryClient();
  const canDelete = useCan(permissionOf('file', 'delete'));
  const canDownload = useCan(permissionOf('file', 'download'));
  const canUpload = useCan(permissionOf('file', 'upload'));
  // A link cannot send the header: the click opens the file with a one-use ticket (lib/files.ts).
  const href = (f: OssFile) => `${runtimeConfig().apiHost}${BASE}/download/${f.id}`;
  const remove = async (f: OssFile) => {
    if (!(await messageBox.confirm(tMessage('v.confirmDelete')))) return;
    try {
      await api.post(`${BASE}/delete`, [f.id]);
      await queryClient.invalidateQueries({ queryKey: keys.all });
    } catch (e) {
      toast.error((e as Error).message);
    }
  };
  return (
    <ReadOnlyList<OssFile>
      title={t('oss.title')}
      resource="file"
      toolbarExtra={canUpload ? <UploadButton /> : undefined}
      queryFields={[
        { name: 'originalName', label: t('oss.originalName') },
        { name: 'contentType', label: t('oss.contentType') },
        { name: 'ownerType', label: t('oss.ownerType') },
      ]}
      columns={[
        { prop: 'originalName', label: t('oss.originalName') },
        { prop: 'contentType', label: t('oss.contentType') },
        { prop: 'size', label: t('oss.size'), align: 'right', render: (f) => formatSize(f.size) },
        { prop: 'provider', label: t('oss.provider'), display: false },
        { prop: 'ownerType', label: t('oss.ownerType') },
        { prop: 'ownerId', label: t('oss.ownerId'), display: false },
        { prop: 'createdByName', label: t('oss.createdByName') },
        { prop: 'createdAt', label: t('oss.createdAt'), nowrap: true, render: (f) => dateTime(f.createdAt) },
        {
          type: 'handle',
          label: t('kit:list.operation'),
          render: (f) => (
            <Group gap={4} wrap="nowrap">
              {canDownload && (
                <Anchor href={href(f)} download={f.originalName} onClick={openFileOnClick(href(f), (e) => toast.error(e.message))} size="xs">
                  <Group gap={2}><IconDownload size={12} />{t('oss.download')}</Group>
                </Anchor>
              )}
              {canDelete && f.ownerId === null && (
                <Button size="compact-xs" variant="subtle" color="red" leftSection={<IconTrash size={12} />} onClick={() => void remove(f)}>{t('kit:list.delete')}</Button>
              )}
            </Group>
          ),
        },
      ]}
    />
  );
}
