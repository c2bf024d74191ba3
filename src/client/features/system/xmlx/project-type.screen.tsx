import { useMemo, useState } from 'react';
import { Alert, Button, FileInput, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDownload, IconPencil, IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { xmlxSchema, type Xmlx, type XmlxImportResult } from '@shared/contracts/xmlx';
import { api, ApiError, request } from '@client/lib/api';
import { tMessage } from '@client/lib/i18n';
import { useCan } from '@client/lib/session';
import { DataTable } from '@client/components/table/data-table';
import { Dialog } from '@client/components/dialog/dialog';
import type { FormValues } from '@client/components/form/form-values';
import { fieldErrors, zodResolver } from '@client/components/form/zod-resolver';
import { messageBox } from '@client/components/message-box/message-box';
import { toast } from '@client/components/feedback/toast';
import { localName } from '@shared/local-name';
import { resourceKeys } from '@client/lib/resource-keys';
import { apiPath, permissionOf } from '@client/lib/resources';

const BASE = apiPath('projectType');
const keys = resourceKeys(BASE);
/** Project types are a few dozen: one page holds them all. */
const TREE_PAGE = 1000;
type Node = Xmlx & { children?: Node[] };
type Values = FormValues<typeof xmlxSchema>;

/** Builds the tree from pid 0 (spec §3); rows whose parent is filtered out become roots. */
export function buildTree(rows: Xmlx[]): Node[] {
  const byId = new Map<number, Node>(rows.map((r) => [r.id, { ...r }]));
  const roots: Node[] = [];
  for (const node of byId.values()) {
    const parent = node.pid ? byId.get(node.pid) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

function ImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['sysadmin', 'kit']);
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<XmlxImportResult | null>(null);
  const run = useMutation({
    mutationFn: async (dryRun: boolean) => {
      const body = new FormData();
      body.append('file', file!);
      return request<XmlxImportResult>('POST', `${BASE}/upload${dryRun ? '?dryRun=1' : ''}`, body);
    },
    onSuccess: (data) => {
      setResult(data);
      toast.success(data.dryRun ? t('xmlx.dryRunDone') : t('xmlx.imported'));
      if (!data.dryRun) void queryClient.invalidateQueries({ queryKey: keys.all });
    },
    onError: (e) => toast.error(e.message),
  });
  const downloadErrors = () => {
    if (!result?.errorsCsv) return;
    const url = URL.createObjectURL(new Blob([result.errorsCsv], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'xmlx-import-errors.csv';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Dialog opened={opened} onChange={(o) => !o && onClose()} title={t('xmlx.importTitle')}>
      <Stack>
        <Text size="sm" c="dimmed">{t('xmlx.importHint')}</Text>
        <FileInput label={t('xmlx.file')} accept=".xlsx,.csv" value={file} onChange={(f) => { setFile(f); setResult(null); }} clearable />
        <Group>
          <Button variant="default" disabled={!file} loading={run.isPending && run.variables === true} onClick={() => run.mutate(true)}>{t('xmlx.dryRun')}</Button>
          <Button leftSection={<IconUpload size={14} />} disabled={!file} loading={run.isPending && run.variables === false} onClick={() => run.mutate(false)}>{t('xmlx.run')}</Button>
        </Group>
        {result && (
          <>
            <SimpleGrid cols={5}>
              {(['total', 'inserted', 'updated', 'unchanged'] as const).map((k) => (
                <Stack key={k} gap={0}><Text size="xs" c="dimmed">{t(`xmlx.${k}`)}</Text><Text fw={600}>{result[k]}</Text></Stack>
              ))}
              <Stack gap={0}><Text size="xs" c="dimmed">{t('xmlx.errors')}</Text><Text fw={600} c={result.errors.length ? 'red' : undefined}>{result.errors.length}</Text></Stack>
            </SimpleGrid>
            {result.errors.length > 0 && (
              <>
                <Group justify="flex-end">
                  <Button size="xs" variant="light" leftSection={<IconDownload size={14} />} onClick={downloadErrors}>{t('xmlx.downloadErrors')}</Button>
                </Group>
                <Table striped aria-label={t('xmlx.errors')}>
                  <Table.Thead><Table.Tr><Table.Th>{t('xmlx.row')}</Table.Th><Table.Th>{t('xmlx.field')}</Table.Th><Table.Th>{t('xmlx.message')}</Table.Th></Table.Tr></Table.Thead>
                  <Table.Tbody>
                    {result.errors.map((e) => (
                      <Table.Tr key={`${e.row}-${e.field}`}><Table.Td>{e.row}</Table.Td><Table.Td>{e.field}</Table.Td><Table.Td>{e.message}</Table.Td></Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </>
            )}
          </>
        )}
      </Stack>
    </Dialog>
  );
}

export default function XmlxPage() {
  const { t, i18n } = useTranslation(['sysadmin', 'kit']);
  const queryClient = useQueryClient();
  const can = { save: useCan(permissionOf('projectType', 'save')), update: useCan(permissionOf('projectType', 'update')), remove: useCan(permissionOf('projectType', 'delete')), upload: useCan(permissionOf('projectType', 'upload')), list: useCan(permissionOf('projectType', 'list')) };
  const [filter, setFilter] = useState('');
  const [applied, setApplied] = useState('');
  const rows = useQuery({
    queryKey: keys.listAll(applied),
    queryFn: () => api.get<Xmlx[]>(`${BASE}/listAll${applied ? `?xmmc=${encodeURIComponent(applied)}` : ''}`),
    enabled: can.list,
  });
  const tree = useMemo(() => buildTree(rows.data ?? []), [rows.data]);
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const [importing, setImporting] = useState(false);
  const form = useForm<Values>({ initialValues: { pid: 0, xmbm: '', xmmc: '', xmmcEn: '', sort: 0 }, validate: zodResolver(xmlxSchema) });
  const parents = (rows.data ?? []).filter((r) => r.id !== editing?.id).map((r) => ({ value: String(r.id), label: `${localName(r.xmmc, r.xmmcEn, i18n.language)} (${r.xmbm})` }));

  const save = useMutation({
    mutationFn: (values: Values) => (editing?.id ? api.post(`${BASE}/update`, { ...values, id: editing.id }) : api.post(`${BASE}/save`, values)),
    onSuccess: () => {
      toast.success(() => tMessage('ok.success'));
      setEditing(null);
      return queryClient.invalidateQueries({ queryKey: keys.all });
    },
    onError: (e) => (e instanceof ApiError && Object.keys(e.fields).length ? form.setErrors(fieldErrors(e.fields)) : toast.error(e.message)),
  });
  const open = (values: Values, id?: number) => {
    form.setValues(values);
    form.clearErrors();
    setEditing({ id });
  };
  // Re-parenting by drag: the server refuses a parent below the item itself (a cycle) and says so.
  const move = useMutation({
    mutationFn: ({ id, pid }: { id: number; pid: number }) => api.post(`${BASE}/update`, { id, pid }),
    onSuccess: () => {
      toast.success(() => t('xmlx.moved'));
      return queryClient.invalidateQueries({ queryKey: keys.all });
    },
    onError: (e) => toast.error(e instanceof ApiError && e.fields.pid ? e.fields.pid : e.message),
  });
  const moveTo = (id: number, pid: number) => {
    const row = rows.data?.find((r) => r.id === id);
    if (row && row.pid !== pid && id !== pid) move.mutate({ id, pid });
  };
  const [rootOver, setRootOver] = useState(false);

  const remove = async (row: Xmlx) => {
    if (!(await messageBox.confirm(tMessage('v.confirmDelete')))) return;
    try {
      await api.get(`${BASE}/delete/${row.id}`);
      await queryClient.invalidateQueries({ queryKey: keys.all });
    } catch (e) {
      toast.error((e as Error).message);
    }
  };

  return (
    <Stack gap="sm">
      <Title order={4}>{t('xmlx.title')}</Title>
      <form role="search" onSubmit={(e) => { e.preventDefault(); setApplied(filter); }}>
        <Group align="flex-end">
          <TextInput label={t('xmlx.xmmc')} value={filter} onChange={(e) => setFilter(e.currentTarget.value)} />
          <Button type="submit">{t('kit:query.query')}</Button>
          <Button variant="default" onClick={() => { setFilter(''); setApplied(''); }}>{t('kit:query.clear')}</Button>
          {can.save && <Button leftSection={<IconPlus size={14} />} onClick={() => open({ pid: 0, xmbm: '', xmmc: '', xmmcEn: '', sort: 0 })}>{t('xmlx.add')}</Button>}
          {can.upload && <Button variant="light" leftSection={<IconUpload size={14} />} onClick={() => setImporting(true)}>{t('xmlx.import')}</Button>}
        </Group>
      </form>
      {can.list && can.update && (
        <Paper
          withBorder
          p="xs"
          ta="center"
          c="dimmed"
          fz="sm"
          data-testid="xmlx-root-drop"
          style={{ borderStyle: 'dashed', background: rootOver ? 'var(--mantine-primary-color-light)' : undefined }}
          onDragOver={(e) => {
            e.preventDefault();
            setRootOver(true);
          }}
          onDragLeave={() => setRootOver(false)}
          onDrop={(e) => {
            e.preventDefault();
            setRootOver(false);
            const id = Number(e.dataTransfer?.getData('text/plain'));
            if (id) moveTo(id, 0);
          }}
        >
          {t('xmlx.dropRoot')}
        </Paper>
      )}
      {can.list ? (
        <DataTable<Node>
          onRowDrop={can.update ? (from, to) => moveTo(Number(from), Number(to)) : undefined}
          label={t('xmlx.title')}
          data={tree}
          rowKey="id"
          childrenKey="children"
          // One page for the whole tree: the table keeps the page size it first got, and that was 1 while the
          // rows were loading (one root per page, "Total 6" over six pages).
          pageSize={TREE_PAGE}
          columns={[
            { prop: 'xmmc', label: t('xmlx.xmmc'), render: (row) => localName(row.xmmc, row.xmmcEn, i18n.language) },
            { prop: 'xmbm', label: t('xmlx.xmbm') },
            { prop: 'sort', label: t('xmlx.sort'), width: 90 },
            {
              type: 'handle',
              label: t('kit:list.operation'),
              render: (row) => (
                <Group gap={4} wrap="nowrap">
                  {can.save && <Button size="compact-xs" variant="subtle" leftSection={<IconPlus size={12} />} onClick={() => open({ pid: row.id, xmbm: '', xmmc: '', xmmcEn: '', sort: 0 })}>{t('xmlx.addChild')}</Button>}
                  {can.update && <Button size="compact-xs" variant="subtle" leftSection={<IconPencil size={12} />} onClick={() => open({ pid: row.pid, xmbm: row.xmbm, xmmc: row.xmmc, xmmcEn: row.xmmcEn, sort: row.sort }, row.id)}>{t('xmlx.edit')}</Button>}
                  {can.remove && <Button size="compact-xs" variant="subtle" color="red" leftSection={<IconTrash size={12} />} onClick={() => void remove(row)}>{t('xmlx.delete')}</Button>}
                </Group>
              ),
            },
          ]}
        />
      ) : (
        <Alert color="yellow">{t('kit:list.noAccess')}</Alert>
      )}
      <Dialog opened={editing !== null} onChange={(o) => !o && setEditing(null)} title={editing?.id ? t('xmlx.edit') : t('xmlx.add')} footer onOk={() => form.onSubmit((v) => save.mutate(v))()} confirmLoading={save.isPending}>
        <Stack gap="sm">
          <Select
            label={t('xmlx.parent')}
            data={[{ value: '0', label: t('xmlx.root') }, ...parents]}
            searchable
            value={String(form.values.pid)}
            onChange={(v) => form.setFieldValue('pid', Number(v ?? 0))}
            error={form.errors.pid}
          />
          <TextInput label={t('xmlx.xmbm')} withAsterisk {...form.getInputProps('xmbm')} />
          <TextInput label={t('xmlx.xmmc')} withAsterisk {...form.getInputProps('xmmc')} />
          <TextInput label={t('xmlx.xmmcEn')} {...form.getInputProps('xmmcEn')} />
          <NumberInput label={t('xmlx.sort')} min={0} {...form.getInputProps('sort')} />
        </Stack>
      </Dialog>
      <ImportDialog opened={importing} onClose={() => setImporting(false)} />
    </Stack>
  );
}
