import { useState } from 'react';
import { Button, Group, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconBolt } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { JOB_STATUS, jobSchema, type Job, type JobHandlerInfo, type JobRunResult } from '@shared/contracts/jobs';
import { api } from '@client/lib/api';
import { tMessage } from '@client/lib/i18n';
import { useCan } from '@client/lib/session';
import type { FormValues } from '@client/components/form/form-values';
import { ListPage, type FormBodyProps } from '@client/components/list-page/list-page';
import { StatusTag } from '@client/components/tags/status-tag';
import { toast } from '@client/components/feedback/toast';
import { dateTime } from '@client/lib/date-time';
import { resourceKeys, keysOf } from '@client/lib/resource-keys';
import { apiPath, permissionOf } from '@client/lib/resources';

const BASE = apiPath('job');
const keys = resourceKeys(BASE);
const logKeys = keysOf('jobLog');
type Values = FormValues<typeof jobSchema>;
const initialValues: Values = { name: '', handler: '', params: {}, cron: '', status: 0, remark: '' };

const handlersQuery = { queryKey: keys.view('handlers'), queryFn: () => api.get<JobHandlerInfo[]>(`${BASE}/handlers`) };

function JobForm({ form }: FormBodyProps<Values>) {
  const { t } = useTranslation('sysadmin');
  const { data: handlers = [] } = useQuery(handlersQuery);
  // The parameters are edited as JSON text; the form holds the parsed object the contract checks.
  const [text, setText] = useState(() => JSON.stringify(form.values.params ?? {}, null, 2));
  const [shown, setShown] = useState(form.values.params);
  if (shown !== form.values.params) {
    setShown(form.values.params);
    setText(JSON.stringify(form.values.params ?? {}, null, 2));
  }
  const described = handlers.find((h) => h.name === form.values.handler);
  return (
    <Stack gap="sm">
      <TextInput label={t('job.name')} withAsterisk {...form.getInputProps('name')} />
      <Select label={t('job.handler')} withAsterisk data={handlers.map((h) => ({ value: h.name, label: h.name }))} description={described?.description} {...form.getInputProps('handler')} />
      <Textarea
        label={t('job.params')}
        autosize
        minRows={3}
        ff="monospace"
        value={text}
        error={form.errors.params ?? Object.entries(form.errors).find(([k]) => k.startsWith('params.'))?.[1]}
        description={described ? JSON.stringify(described.paramsSchema) : undefined}
        onChange={(e) => {
          const next = e.currentTarget.value;
          setText(next);
          try {
            const parsed = JSON.parse(next || '{}') as Record<string, unknown>;
            setShown(parsed);
            form.setFieldValue('params', parsed);
            form.clearFieldError('params');
          } catch {
            form.setFieldError('params', tMessage('v.json'));
          }
        }}
      />
      <TextInput label={t('job.cron')} withAsterisk description={t('job.cronHint')} ff="monospace" {...form.getInputProps('cron')} />
      <Switch label={t('job.running')} checked={form.values.status === JOB_STATUS.running} onChange={(e) => form.setFieldValue('status', e.currentTarget.checked ? 0 : 1)} />
      <TextInput label={t('job.remark')} {...form.getInputProps('remark')} />
    </Stack>
  );
}

export default function JobsPage() {
  const { t, i18n } = useTranslation('sysadmin');
  const queryClient = useQueryClient();
  const can = { run: useCan(permissionOf('job', 'run')), pause: useCan(permissionOf('job', 'pause')), resume: useCan(permissionOf('job', 'resume')) };
  const status = [
    { value: '0', cn: t('job.running'), en: t('job.running'), color: 'success' as const },
    { value: '1', cn: t('job.paused'), en: t('job.paused'), color: 'warning' as const },
  ];
  const act = async (path: string, body: unknown, done?: (r: JobRunResult) => void) => {
    try {
      const result = await api.post<JobRunResult>(`${BASE}/${path}`, body);
      done?.(result);
      await queryClient.invalidateQueries({ queryKey: keys.all });
      await queryClient.invalidateQueries({ queryKey: logKeys.all });
    } catch (e) {
      toast.error((e as Error).message);
    }
  };
  const runNow = (job: Job) =>
    act('run', { id: job.id }, (r) => (r.success ? toast.success(() => t('job.ranOk', { ms: r.durationMs })) : toast.error(() => t('job.ranFail', { error: r.error }))));

  return (
    <ListPage<Job, Values>
      key={i18n.language}
      title={t('job.title')}
      resource="job"
      schema={jobSchema}
      initialValues={initialValues}
      formBody={JobForm}
      queryFields={[
        { name: 'name', label: t('job.name') },
        { name: 'status', label: t('job.status'), render: (p) => <Select label={p.label} clearable data={status.map((s) => ({ value: s.value, label: s.cn }))} value={p.value === '' ? null : String(p.value)} onChange={(v) => p.onChange(v ?? '')} /> },
      ]}
      columns={[
        { prop: 'name', label: t('job.name') },
        { prop: 'handler', label: t('job.handler') },
        // The handler's parameters as typed, JSON: data, not text of the screen (translate="no"), like the handler's code.
        { prop: 'params', label: t('job.params'), render: (j) => <span translate="no">{JSON.stringify(j.params)}</span> },
        { prop: 'cron', label: t('job.cron') },
        { prop: 'status', label: t('job.status'), render: (j) => <StatusTag value={String(j.status)} dict={status} /> },
        { prop: 'remark', label: t('job.remark'), display: false },
        { prop: 'createdAt', label: t('job.createdAt'), display: false, nowrap: true, render: (j) => dateTime(j.createdAt) },
        {
          label: t('job.run'),
          ignore: true,
          render: (j) => (
            <Group gap={4} wrap="nowrap">
              {can.run && <Button size="compact-xs" variant="subtle" leftSection={<IconBolt size={12} />} onClick={() => void runNow(j)}>{t('job.run')}</Button>}
              {can.pause && j.status === JOB_STATUS.running && <Button size="compact-xs" variant="subtle" color="orange" leftSection={<IconPlayerPause size={12} />} onClick={() => void act('pause', [j.id])}>{t('job.pause')}</Button>}
              {can.resume && j.status === JOB_STATUS.paused && <Button size="compact-xs" variant="subtle" color="green" leftSection={<IconPlayerPlay size={12} />} onClick={() => void act('resume', [j.id])}>{t('job.resume')}</Button>}
            </Group>
          ),
        },
      ]}
    />
  );
}
