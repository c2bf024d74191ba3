import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ActionIcon, Badge, Button, Group, Indicator, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dateTime } from '@client/lib/date-time';
import { markAllNotificationsRead, markNotificationRead, notificationKeys, notificationsQueryOptions } from '@client/shared/assignment/assignment-api';
import { RESOURCES } from '@shared/resources';

const KIND_COLOR = { assigned: 'blue', due: 'orange', reopened: 'red' } as const;

/**
 * The header's bell (docs/maintenance.md "Assignment and notifications"): the signed-in user's
 * notifications with the unread count, read again when the server tells this user's stream. A
 * notification opens its order in My orders and is marked read.
 */
export function NotificationBell() {
  const { t } = useTranslation('assign');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useQuery(notificationsQueryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  const read = useMutation({ mutationFn: markNotificationRead, onSettled: refresh });
  const readAll = useMutation({ mutationFn: markAllNotificationsRead, onSettled: refresh });
  const unread = list.data?.unread ?? 0;
  const rows = list.data?.rows ?? [];
  return (
    <Popover position="bottom-end" width={340} shadow="md" withinPortal>
      <Popover.Target>
        <Indicator label={unread > 99 ? '99+' : unread} size={16} disabled={unread === 0} offset={4} color="red">
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`${t('bell.label')} · ${t('bell.unread', { count: unread })}`} data-testid="notification-bell" data-unread={unread}>
            <IconBell size={18} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <Group justify="space-between" mb="xs">
          <Text fw={600} size="sm">
            {t('bell.label')} · {t('bell.unread', { count: unread })}
          </Text>
          <Button size="compact-xs" variant="subtle" disabled={unread === 0} loading={readAll.isPending} onClick={() => readAll.mutate()}>
            {t('bell.markAll')}
          </Button>
        </Group>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">{t('bell.empty')}</Text>
        ) : (
          <ScrollArea.Autosize mah={360}>
            <Stack gap={4}>
              {rows.map((n) => (
                <UnstyledButton
                  key={n.id}
                  data-notification={n.id}
                  p={6}
                  style={{ borderRadius: 'var(--mantine-radius-sm)', background: n.readAt ? undefined : 'var(--mantine-color-blue-light)' }}
                  onClick={() => {
                    if (!n.readAt) read.mutate(n.id);
                    void navigate(`/main/${RESOURCES.myOrder.menu.url}?open=${n.orderId}`);
                  }}
                >
                  <Group gap={6} wrap="nowrap">
                    <Badge size="xs" color={KIND_COLOR[n.kind]} variant="light">{t(`bell.kinds.${n.kind}`)}</Badge>
                    <Text size="xs" c="dimmed">{dateTime(n.createdAt)}</Text>
                  </Group>
                  <Text size="sm" lineClamp={2}>
                    {n.orderNumber} · {n.orderName}
                  </Text>
                  {n.dueAt && <Text size="xs" c="dimmed">{t('bell.due', { at: dateTime(n.dueAt) })}</Text>}
                </UnstyledButton>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
