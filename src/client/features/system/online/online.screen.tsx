import { Badge, Button } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OnlineSession } from '@shared/contracts/logs';
import { api } from '@client/lib/api';
import { useCan } from '@client/lib/session';
import { ReadOnlyList } from '@client/components/read-only-list/read-only-list';
import { messageBox } from '@client/components/message-box/message-box';
import { toast } from '@client/components/feedback/toast';
import { dateTime } from '@client/lib/date-time';
import { UserAgent } from '@client/components/ellipsis/user-agent';
import { keysOf } from '@client/lib/resource-keys';
import { RESOURCES } from '@shared/resources';
import { localName } from '@shared/local-name';
import { permissionOf } from '@client/lib/resources';

const BASE = RESOURCES.online.api;
const keys = keysOf('online');
const when = (v: string) => dateTime(v, { seconds: true });

export default function OnlinePage() {
  const { t, i18n } = useTranslation('sysadmin');
  const nameOf = (s: OnlineSession) => localName(s.realName, s.realNameEn, i18n.language);
  const queryClient = useQueryClient();
  const canKick = useCan(permissionOf('online', 'kickout'));

  const kick = async (s: OnlineSession) => {
    if (!(await messageBox.confirm(t('online.kickoutConfirm', { name: nameOf(s) || s.username })))) return;
    try {
      await api.post(`${BASE}/kickout`, { sessionId: s.sessionId });
      toast.success(() => t('online.kicked'));
      await queryClient.invalidateQueries({ queryKey: keys.all });
    } catch (e) {
      toast.error((e as Error).message);
    }
  };

  return (
    <ReadOnlyList<OnlineSession>
      title={t('online.title')}
      resource="online"
      rowKey="sessionId"
      queryFields={[
        { name: 'username', label: t('online.username') },
        { name: 'ip', label: t('online.ip') },
      ]}
      columns={[
        { prop: 'username', label: t('online.username'), render: (s) => (s.current ? <>{s.username} <Badge size="xs" variant="light">{t('online.current')}</Badge></> : s.username) },
        { prop: 'realName', label: t('online.realName'), render: nameOf },
        { prop: 'ip', label: t('online.ip') },
        { prop: 'userAgent', label: t('online.userAgent'), width: 190, render: (s) => <UserAgent value={s.userAgent} /> },
        { prop: 'loginAt', label: t('online.loginAt'), nowrap: true, render: (s) => when(s.loginAt) },
        { prop: 'lastActiveAt', label: t('online.lastActiveAt'), nowrap: true, render: (s) => when(s.lastActiveAt) },
        ...(canKick
          ? [{
              type: 'handle' as const,
              label: t('online.kickout'),
              render: (s: OnlineSession) =>
                s.current ? null : (
                  <Button size="compact-xs" variant="subtle" color="red" leftSection={<IconLogout size={12} />} onClick={() => void kick(s)}>
                    {t('online.kickout')}
                  </Button>
                ),
            }]
          : []),
      ]}
    />
  );
}
