import { useState } from 'react';
import { Button, Group, Stack, Table, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dictTypeSchema, type DictType } from '@shared/contracts/dictionary';
import { tMessage } from '@client/lib/i18n';
import { api, ApiError } from '@client/lib/api';
import { useCan } from '@client/lib/session';
import { Dialog } from '@client/components/dialog/dialog';
import { toast } from '@client/components/feedback/toast';
import { messageBox } from '@client/components/message-box/message-box';
import { permissionOf } from '@client/lib/resources';
import { DICTIONARY_BASE, dictionaryKeys, typesQuery } from './dictionary-types';

/** Dictionary types: list, add, delete (with their items). */
export function TypesDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('sysadmin');
  const queryClient = useQueryClient();
  const canSave = useCan(permissionOf('dictionary', 'save'));
  const canDelete = useCan(permissionOf('dictionary', 'delete'));
  const { data = [] } = useQuery({ ...typesQuery, enabled: opened });
  const [draft, setDraft] = useState({ type: '', name: '', nameEn: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const refresh = () => queryClient.invalidateQueries({ queryKey: dictionaryKeys.all });
  const add = useMutation({
    mutationFn: () => api.post(`${DICTIONARY_BASE}/type/save`, dictTypeSchema.parse(draft)),
    onSuccess: () => {
      setDraft({ type: '', name: '', nameEn: '' });
      setErrors({});
      return refresh();
    },
    onError: (e) => (e instanceof ApiError && Object.keys(e.fields).length ? setErrors(e.fields) : toast.error(e.message)),
  });
  const submit = () => {
    const parsed = dictTypeSchema.safeParse(draft);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), tMessage(i.message)])));
      return;
    }
    add.mutate();
  };
  const remove = async (row: DictType) => {
    if (!(await messageBox.confirm(tMessage('v.confirmDelete')))) return;
    await api.post(`${DICTIONARY_BASE}/type/delete`, [row.id]).catch((e: Error) => toast.error(e.message));
    await refresh();
  };
  return (
    <Dialog opened={opened} onChange={(o) => !o && onClose()} title={t('dictionary.types')}>
      <Stack>
        {canSave && (
          <Group align="flex-end">
            <TextInput label={t('dictionary.typeCode')} value={draft.type} error={errors.type} onChange={(e) => setDraft({ ...draft, type: e.currentTarget.value })} />
            <TextInput label={t('dictionary.typeName')} value={draft.name} error={errors.name} onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })} />
            <TextInput label={t('dictionary.typeNameEn')} value={draft.nameEn} onChange={(e) => setDraft({ ...draft, nameEn: e.currentTarget.value })} />
            <Button onClick={submit} loading={add.isPending}>{t('dictionary.addType')}</Button>
          </Group>
        )}
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('dictionary.typeCode')}</Table.Th>
              <Table.Th>{t('dictionary.typeName')}</Table.Th>
              <Table.Th>{t('dictionary.typeNameEn')}</Table.Th>
              <Table.Th>{t('dictionary.typeItems')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{row.type}</Table.Td>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td>{row.nameEn}</Table.Td>
                <Table.Td>{row.items}</Table.Td>
                <Table.Td>
                  {canDelete && (
                    <Button size="compact-xs" variant="subtle" color="red" aria-label={t('dictionary.deleteType')} onClick={() => void remove(row)}>
                      <IconTrash size={14} />
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Dialog>
  );
}
