import { useState } from 'react';
import { Button, ColorSwatch, Group, NumberInput, Select, Stack, Switch, Table, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DICT_COLORS, dictTypeSchema, dictionaryItemSchema, type DictType, type DictionaryItem } from '@shared/contracts/dictionary';
import { tMessage } from '@client/lib/i18n';
import { api, ApiError } from '@client/lib/api';
import { useCan } from '@client/lib/session';
import type { FormValues } from '@client/components/form/form-values';
import { ListPage, type FormBodyProps } from '@client/components/list-page/list-page';
import { selectInput } from '@client/components/list-page/query-form';
import { Dialog } from '@client/components/dialog/dialog';
import { StatusTag } from '@client/components/tags/status-tag';
import { TAG_COLOR_TO_MANTINE } from '@client/components/tags/tag-colors';
import { toast } from '@client/components/feedback/toast';
import { messageBox } from '@client/components/message-box/message-box';
import type { TagColor } from '@shared/dictionaries';
import { localName } from '@shared/local-name';
import { resourceKeys } from '@client/lib/resource-keys';
import { apiPath, permissionOf } from '@client/lib/resources';

const BASE = apiPath('dictionary');
const keys = resourceKeys(BASE);
type Values = FormValues<typeof dictionaryItemSchema>;
const initialValues: Values = { type: '', label: '', labelEn: '', value: '', color: '', sort: 0, status: 1 };

const typesQuery = { queryKey: keys.view('types'), queryFn: () => api.post<DictType[]>(`${BASE}/type/listAll`, {}) };

function useTypeOptions() {
  const { i18n } = useTranslation();
  const { data = [] } = useQuery(typesQuery);
  return data.map((d) => ({ value: d.type, label: `${localName(d.name, d.nameEn, i18n.language)} (${d.type})` }));
}

function DictionaryForm({ form }: FormBodyProps<Values>) {
  const { t } = useTranslation('sysadmin');
  const types = useTypeOptions();
  return (
    <Stack gap="sm">
      <Select label={t('dictionary.type')} data={types} searchable withAsterisk {...form.getInputProps('type')} />
      <TextInput label={t('dictionary.label')} withAsterisk {...form.getInputProps('label')} />
      <TextInput label={t('dictionary.labelEn')} {...form.getInputProps('labelEn')} />
      <TextInput label={t('dictionary.value')} withAsterisk {...form.getInputProps('value')} />
      <Select
        label={t('dictionary.color')}
        data={DICT_COLORS.map((c) => ({ value: c, label: c || '—' }))}
        renderOption={({ option }) => (
          <Group gap="xs">
            {option.value && <ColorSwatch size={12} color={`var(--mantine-color-${TAG_COLOR_TO_MANTINE[option.value as TagColor]}-6)`} />}
            {option.label}
          </Group>
        )}
        {...form.getInputProps('color')}
      />
      <NumberInput label={t('dictionary.sort')} min={0} {...form.getInputProps('sort')} />
      <Switch
        label={t('dictionary.status')}
        checked={form.values.status === 1}
        onChange={(e) => form.setFieldValue('status', e.currentTarget.checked ? 1 : 0)}
      />
    </Stack>
  );
}

/** Dictionary types: list, add, delete (with their items). */
function TypesDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('sysadmin');
  const queryClient = useQueryClient();
  const canSave = useCan(permissionOf('dictionary', 'save'));
  const canDelete = useCan(permissionOf('dictionary', 'delete'));
  const { data = [] } = useQuery({ ...typesQuery, enabled: opened });
  const [draft, setDraft] = useState({ type: '', name: '', nameEn: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.all });
  const add = useMutation({
    mutationFn: () => api.post(`${BASE}/type/save`, dictTypeSchema.parse(draft)),
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
    await api.post(`${BASE}/type/delete`, [row.id]).catch((e: Error) => toast.error(e.message));
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

export default function DictionaryPage() {
  const { t, i18n } = useTranslation('sysadmin');
  const types = useTypeOptions();
  const [typesOpen, setTypesOpen] = useState(false);
  const canSort = useCan(permissionOf('dictionary', 'update'));
  // Entries are dragged into the order selects and tags show them in; the server keeps one type's
  // entries together and refuses a page that mixes types (choose a type first).
  const sortEntries = async (rows: DictionaryItem[]) => {
    await api.post(`${BASE}/sort`, { ids: rows.map((r) => r.id) });
    toast.success(() => t('dictionary.sorted'));
  };
  return (
    <Stack gap="xs">
      <Group justify="flex-end">
        <Button size="xs" variant="light" onClick={() => setTypesOpen(true)}>{t('dictionary.types')}</Button>
      </Group>
      <ListPage<DictionaryItem, Values>
        title={t('dictionary.title')}
        resource="dictionary"
        schema={dictionaryItemSchema}
        initialValues={initialValues}
        formBody={DictionaryForm}
        queryFields={[
          { name: 'type', label: t('dictionary.type'), render: selectInput(types, { searchable: true }) },
          { name: 'label', label: t('dictionary.keyword') },
        ]}
        columns={[
          { prop: 'type', label: t('dictionary.type') },
          // One language at a time: the label in the screen's language; the English column on demand.
          { prop: 'label', label: t('dictionary.label'), render: (row) => localName(row.label, row.labelEn, i18n.language) },
          { prop: 'labelEn', label: t('dictionary.labelEn'), display: false },
          { prop: 'value', label: t('dictionary.value') },
          {
            prop: 'color',
            label: t('dictionary.preview'),
            render: (row) => (
              <StatusTag value={row.value} dict={[{ value: row.value, cn: row.label, en: row.labelEn || row.label, color: (row.color || 'default') as TagColor }]} />
            ),
          },
          { prop: 'sort', label: t('dictionary.sort') },
          { prop: 'status', label: t('dictionary.status'), render: (row) => (row.status === 1 ? t('common.enabled') : t('common.disabled')) },
        ]}
        onRowSort={canSort ? sortEntries : undefined}
        key={i18n.language}
      />
      <TypesDialog opened={typesOpen} onClose={() => setTypesOpen(false)} />
    </Stack>
  );
}
