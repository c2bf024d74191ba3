import { useState } from 'react';
import { Alert, Badge, Button, Group, NumberInput, Stack, Switch, Text, Textarea, TextInput, Title, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ConfigEntry } from '@shared/contracts/config';
import type { PageResult } from '@shared/envelope';
import { api, ApiError } from '@client/lib/api';
import { tMessage } from '@client/lib/i18n';
import { useCan } from '@client/lib/session';
import { DataTable } from '@client/components/table/data-table';
import { Dialog } from '@client/components/dialog/dialog';
import { toast } from '@client/components/feedback/toast';
import { dateTime } from '@client/lib/date-time';
import { resourceKeys } from '@client/lib/resource-keys';
import { apiPath, permissionOf } from '@client/lib/resources';

const BASE = apiPath('config');
const keys = resourceKeys(BASE);
/** Every setting fits on one page; the server caps a page at 1000. */
const ALL = 1000;

/** The input for a setting, by its declared type. */
function ValueInput({ entry, value, onChange, error }: { entry: ConfigEntry; value: string; onChange: (v: string) => void; error?: string }) {
  const { t } = useTranslation('sysadmin');
  const label = t('config.value');
  if (entry.type === 'boolean') return <Switch label={label} checked={value === 'true'} onChange={(e) => onChange(String(e.currentTarget.checked))} error={error} />;
  if (entry.type === 'number') return <NumberInput label={label} min={0} value={value} onChange={(v) => onChange(String(v))} error={error} />;
  if (entry.type === 'json') return <Textarea label={label} autosize minRows={4} value={value} onChange={(e) => onChange(e.currentTarget.value)} error={error} />;
  return <TextInput label={label} value={value} onChange={(e) => onChange(e.currentTarget.value)} error={error} />;
}

export default function ConfigPage() {
  const { t } = useTranslation('sysadmin');
  const queryClient = useQueryClient();
  const canUpdate = useCan(permissionOf('config', 'update'));
  const list = useQuery({ queryKey: keys.list({}), queryFn: () => api.post<PageResult<ConfigEntry>>(`${BASE}/list`, { page: 1, limit: ALL }) });
  const [editing, setEditing] = useState<ConfigEntry | null>(null);
  const [value, setValue] = useState('');
  const [remark, setRemark] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = useMutation({
    mutationFn: () => api.post(`${BASE}/update`, { key: editing!.key, value, remark }),
    onSuccess: () => {
      toast.success(() => t('config.saved'));
      setEditing(null);
      return queryClient.invalidateQueries({ queryKey: keys.all });
    },
    onError: (e) => (e instanceof ApiError && Object.keys(e.fields).length ? setErrors(e.fields) : toast.error(e.message)),
  });

  const open = (entry: ConfigEntry) => {
    setEditing(entry);
    setValue(entry.value);
    setRemark(entry.remark);
    setErrors({});
  };

  return (
    <Stack gap="sm">
      <Title order={4}>{t('config.title')}</Title>
      <DataTable<ConfigEntry>
        label={t('config.title')}
        rowKey="key"
        data={list.data?.list ?? []}
        pageSize={ALL}
        columns={[
          { prop: 'key', label: t('config.key'), width: 220 },
          {
            prop: 'value',
            label: t('config.value'),
            render: (row) =>
              row.override ? (
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" td="line-through" c="dimmed">{row.value}</Text>
                  <Tooltip label={t('config.overrideHint', { variable: row.override.variable })} withArrow>
                    <Badge color="orange" variant="light" tt="none">{t('config.override', { variable: row.override.variable, value: row.override.value })}</Badge>
                  </Tooltip>
                </Group>
              ) : (
                row.value
              ),
          },
          { prop: 'type', label: t('config.type'), width: 100, render: (row) => t(`config.types.${row.type}`, { defaultValue: row.type }) },
          { prop: 'remark', label: t('config.remark') },
          { prop: 'updatedAt', label: t('config.updatedAt'), nowrap: true, render: (row) => dateTime(row.updatedAt, { seconds: true }) },
          ...(canUpdate
            ? [{
                type: 'handle' as const,
                label: t('config.edit'),
                render: (row: ConfigEntry) => (
                  <Button size="compact-xs" variant="subtle" leftSection={<IconPencil size={12} />} onClick={() => open(row)}>
                    {t('config.edit')}
                  </Button>
                ),
              }]
            : []),
        ]}
      />
      <Dialog opened={editing !== null} onChange={(o) => !o && setEditing(null)} title={editing?.key} footer onOk={() => save.mutate()} confirmLoading={save.isPending}>
        {editing && (
          <Stack>
            {editing.override && <Alert color="orange" variant="light">{t('config.overrideHint', { variable: editing.override.variable })}</Alert>}
            <ValueInput entry={editing} value={value} onChange={setValue} error={errors.value && tMessage(errors.value)} />
            <TextInput label={t('config.remark')} value={remark} onChange={(e) => setRemark(e.currentTarget.value)} error={errors.remark} />
          </Stack>
        )}
      </Dialog>
    </Stack>
  );
}
