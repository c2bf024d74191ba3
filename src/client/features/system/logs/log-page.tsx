import { Select } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import type { OpLogEntry } from '@shared/contracts/logs';
import { PurgeButton } from '../purge-button';
import { ReadOnlyList } from '@client/components/read-only-list/read-only-list';
import type { QueryField } from '@client/components/list-page/query-form';
import { Ellipsis } from '@client/components/ellipsis/ellipsis';
import { dateTime } from '@client/lib/date-time';

const BASE = '/sys/log';

export default function LogPage() {
  const { t } = useTranslation('sysadmin');
  const fields: QueryField[] = [
    { name: 'username', label: t('log.username') },
    { name: 'module', label: t('log.module') },
    {
      name: 'success',
      label: t('log.success'),
      render: (p) => (
        <Select label={p.label} clearable value={p.value === '' ? null : String(p.value)} onChange={(v) => p.onChange(v === null ? '' : v === 'true')}
          data={[{ value: 'true', label: t('common.success') }, { value: 'false', label: t('common.failure') }]} />
      ),
    },
    { name: 'from', label: t('common.from'), render: (p) => <DateTimePicker label={p.label} clearable value={(p.value as string) || null} onChange={(v) => p.onChange(v ?? '')} /> },
    { name: 'to', label: t('common.to'), render: (p) => <DateTimePicker label={p.label} clearable value={(p.value as string) || null} onChange={(v) => p.onChange(v ?? '')} /> },
  ];

  return (
    <ReadOnlyList<OpLogEntry>
      title={t('log.title')}
      base={BASE}
      perms={{ list: 'sys-log#list', export: 'sys-log#export' }}
      queryFields={fields}
      toolbarExtra={<PurgeButton base={BASE} permission="sys-log#delete" />}
      columns={[
        { prop: 'at', label: t('log.at'), nowrap: true, render: (r) => dateTime(r.at, { seconds: true }), width: 170 },
        { prop: 'username', label: t('log.username') },
        { prop: 'module', label: t('log.module') },
        { prop: 'action', label: t('log.action') },
        { prop: 'target', label: t('log.target') },
        { prop: 'method', label: t('log.method'), display: false },
        { prop: 'path', label: t('log.path'), display: false },
        { prop: 'ip', label: t('log.ip') },
        { prop: 'durationMs', label: t('log.durationMs'), align: 'right' },
        { prop: 'statusCode', label: t('log.statusCode'), display: false },
        { prop: 'success', label: t('log.success'), render: (r) => (r.success ? t('common.success') : t('common.failure')) },
        { prop: 'params', label: t('log.params'), render: (r) => <Ellipsis size="xs" ff="monospace">{JSON.stringify(r.params ?? '')}</Ellipsis> },
      ]}
    />
  );
}
