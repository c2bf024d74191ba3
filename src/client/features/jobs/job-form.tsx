import { useState } from 'react';
import { Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { JOB_STATUS, jobSchema, type JobHandlerInfo } from '@shared/contracts/jobs';
import { api } from '@client/lib/api';
import { tMessage } from '@client/lib/i18n';
import type { FormValues } from '@client/components/form/form-values';
import type { FormBodyProps, ListForm } from '@client/components/list-page/list-page';
import { resourceKeys } from '@client/lib/resource-keys';
import { apiPath } from '@client/lib/resources';

const BASE = apiPath('job');
const keys = resourceKeys(BASE);

export type JobValues = FormValues<typeof jobSchema>;
const initialValues: JobValues = { name: '', handler: '', params: {}, cron: '', status: 0, remark: '' };

const handlersQuery = { queryKey: keys.view('handlers'), queryFn: () => api.get<JobHandlerInfo[]>(`${BASE}/handlers`) };

function JobForm({ form }: FormBodyProps<JobValues>) {
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

/** The jobs list's add/edit form, loaded when its dialog first opens (job.screen.tsx). */
export const jobForm: ListForm<JobValues> = { Body: JobForm, schema: jobSchema, initialValues };
