import { Button, Group, Select } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconBolt } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Job, JobRunResult } from '@shared/contracts/jobs';
import { JOB_STATUS } from '@shared/choices';
import { api } from '@client/lib/api';
import { useCan } from '@client/lib/session';
import { ListPage } from '@client/components/list-page/list-page';
import { StatusTag } from '@client/components/tags/status-tag';
import { toast } from '@client/components/feedback/toast';
import { dateTime } from '@client/lib/date-time';
import { resourceKeys, keysOf } from '@client/lib/resource-keys';
import { apiPath, permissionOf } from '@client/lib/resources';
import type { JobValues } from './job-form';

const BASE = apiPath('job');
const keys = resourceKeys(BASE);
const logKeys = keysOf('jobLog');

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
    <ListPage<Job, JobValues>
      key={i18n.language}
      title={t('job.title')}
      resource="job"
      form={() => import('./job-form').then((m) => m.jobForm)}
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
