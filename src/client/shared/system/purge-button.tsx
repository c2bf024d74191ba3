import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@client/lib/api';
import type { PermissionCode } from '@shared/resources';
import { useCan } from '@client/lib/session';
import { messageBox } from '@client/components/message-box/message-box';
import { toast } from '@client/components/feedback/toast';

/** Deletes a log's entries older than the days the user types (POST {base}/purge); hidden without the permission. */
export function PurgeButton({ base, permission }: { base: string; permission: PermissionCode }) {
  const { t } = useTranslation('sysadmin');
  const queryClient = useQueryClient();
  const canPurge = useCan(permission);
  if (!canPurge) return null;

  const purge = async () => {
    const days = await messageBox.prompt(t('common.purgeDays'), { inputPattern: /^\d+$/ });
    if (days === null) return;
    try {
      const { deleted } = await api.post<{ deleted: number }>(`${base}/purge`, { beforeDays: Number(days) });
      toast.success(() => t('common.purged', { count: deleted }));
      await queryClient.invalidateQueries({ queryKey: [base] });
    } catch (e) {
      toast.error((e as Error).message);
    }
  };

  return (
    <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} />} onClick={() => void purge()}>
      {t('common.purge')}
    </Button>
  );
}
