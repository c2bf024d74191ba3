import { Badge, Button } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OssConfig } from '@shared/contracts/oss-config';
import { api } from '@client/lib/api';
import { useCan } from '@client/lib/session';
import { ListPage } from '@client/components/list-page/list-page';
import { toast } from '@client/components/feedback/toast';
import { dateTime } from '@client/lib/date-time';
import { keysOf } from '@client/lib/resource-keys';
import { RESOURCES } from '@shared/resources';
import { permissionOf } from '@client/lib/resources';
import type { OssConfigValues } from './oss-config-form';

const BASE = RESOURCES.ossConfig.api;
const keys = keysOf('ossConfig');
export default function OssConfigPage() {
  const { t, i18n } = useTranslation('sysadmin');
  const queryClient = useQueryClient();
  const canActivate = useCan(permissionOf('ossConfig', 'update'));
  const activate = async (row: OssConfig) => {
    try {
      await api.post(`${BASE}/activate`, { id: row.id });
      toast.success(() => t('ossConfig.activated'));
      await queryClient.invalidateQueries({ queryKey: keys.all });
    } catch (e) {
      toast.error((e as Error).message);
    }
  };
  return (
    <ListPage<OssConfig, OssConfigValues>
      key={i18n.language}
      title={t('ossConfig.title')}
      resource="ossConfig"
      form={() => import('./oss-config-form').then((m) => m.ossConfigForm)}
      queryFields={[{ name: 'name', label: t('ossConfig.name') }]}
      columns={[
        { prop: 'name', label: t('ossConfig.name') },
        { prop: 'provider', label: t('ossConfig.provider'), render: (r) => t(`ossConfig.providers.${r.provider}`) },
        { prop: 'config', label: t('ossConfig.bucket'), render: (r) => String(r.config.bucket ?? r.config.folder ?? '') },
        { prop: 'active', label: t('ossConfig.active'), render: (r) => (r.active ? <Badge color="green" variant="light">{t('ossConfig.active')}</Badge> : null) },
        { prop: 'createdAt', label: t('ossConfig.createdAt'), nowrap: true, render: (r) => dateTime(r.createdAt) },
        {
          label: t('ossConfig.activate'),
          ignore: true,
          render: (r) =>
            canActivate && !r.active ? (
              <Button size="compact-xs" variant="subtle" leftSection={<IconCheck size={12} />} onClick={() => void activate(r)}>{t('ossConfig.activate')}</Button>
            ) : null,
        },
      ]}
    />
  );
}
