import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@client/lib/api';
import { useCan } from '@client/lib/session';
import { apiPath, crudPerms } from '@client/lib/resources';
import type { ResourceWithApi } from '@client/lib/resource-keys';
import { messageBox } from '@client/components/message-box/message-box';
import { toast } from '@client/components/feedback/toast';

/**
 * Deletes a log's entries older than the days the user types (POST <api>/purge); hidden without the
 * resource's delete button (named "purge" in the registry) or the permission for it.
 */
export function PurgeButton({ resource }: { resource: ResourceWithApi }) {
  const { t } = useTranslation('sysadmin');
  const queryClient = useQueryClient();
  const base = apiPath(resource);
  const canPurge = useCan(crudPerms(resource).delete);
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
