import { Select } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import type { JobLogEntry } from '@shared/contracts/jobs';
import { ReadOnlyList } from '@client/components/read-only-list/read-only-list';
import { Ellipsis } from '@client/components/ellipsis/ellipsis';
import { StatusTag } from '@client/components/tags/status-tag';
import { dateTime } from '@client/lib/date-time';

export default function JobLogPage() {
  const { t } = useTranslation('sysadmin');
  const outcome = [
    { value: 'true', cn: t('common.success'), en: t('common.success'), color: 'success' as const },
    { value: 'false', cn: t('common.failure'), en: t('common.failure'), color: 'danger' as const },
  ];
  return (
    <ReadOnlyList<JobLogEntry>
      title={t('jobLog.title')}
      resource="jobLog"
      queryFields={[
        { name: 'handler', label: t('jobLog.handler') },
        {
          name: 'success',
          label: t('jobLog.success'),
          render: (p) => <Select label={p.label} clearable data={outcome.map((o) => ({ value: o.value, label: o.cn }))} value={p.value === '' ? null : String(p.value)} onChange={(v) => p.onChange(v === null ? '' : v === 'true')} />,
        },
        { name: 'from', label: t('common.from'), render: (p) => <DateTimePicker label={p.label} clearable value={(p.value as string) || null} onChange={(v) => p.onChange(v ?? '')} /> },
        { name: 'to', label: t('common.to'), render: (p) => <DateTimePicker label={p.label} clearable value={(p.value as string) || null} onChange={(v) => p.onChange(v ?? '')} /> },
      ]}
      columns={[
        { prop: 'at', label: t('jobLog.at'), nowrap: true, render: (r) => dateTime(r.at, { seconds: true }), width: 170 },
        { prop: 'jobName', label: t('jobLog.jobName') },
        { prop: 'jobId', label: t('jobLog.jobId'), display: false },
        { prop: 'handler', label: t('jobLog.handler') },
        { prop: 'params', label: t('jobLog.params'), render: (r) => <span translate="no">{JSON.stringify(r.params ?? {})}</span> },
        { prop: 'success', label: t('jobLog.success'), render: (r) => <StatusTag value={String(r.success)} dict={outcome} /> },
        { prop: 'durationMs', label: t('jobLog.durationMs'), align: 'right' },
        { prop: 'error', label: t('jobLog.error'), render: (r) => <Ellipsis size="sm" c="red">{r.error}</Ellipsis> },
      ]}
    />
  );
}
