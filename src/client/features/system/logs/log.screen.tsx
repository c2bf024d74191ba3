import { Select } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import type { OpLogEntry } from '@shared/contracts/logs';
import { PurgeButton } from '../../../shared/system/purge-button';
import { ReadOnlyList } from '@client/components/read-only-list/read-only-list';
import { LONG_LIST } from '@client/components/read-only-list/long-list';
import type { QueryField } from '@client/components/list-page/query-form';
import { Ellipsis } from '@client/components/ellipsis/ellipsis';
import { dateTime } from '@client/lib/date-time';
import { localName } from '@shared/local-name';
import { hasText, type Texts } from '@client/lib/i18n-keys';

type LogActions = Texts['sysadmin']['log']['actions'];


export default function LogPage() {
  const { t, i18n } = useTranslation('sysadmin');
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
      // Can grow to hundreds of thousands of rows: only the rows in view are drawn, loaded as the list scrolls.
      virtual={LONG_LIST}
      title={t('log.title')}
      resource="log"
      queryFields={fields}
      toolbarExtra={<PurgeButton resource="log" />}
      columns={[
        { prop: 'at', label: t('log.at'), nowrap: true, render: (r) => dateTime(r.at, { seconds: true }), width: 170 },
        { prop: 'username', label: t('log.username') },
        // The menu the change was made on, in the screen's language (rows from before 0019 show their API path).
        { prop: 'module', label: t('log.module'), render: (r) => (r.moduleName ? localName(r.moduleName, r.moduleNameEn, i18n.language) : r.module) },
        { prop: 'action', label: t('log.action'), render: (r) => (hasText<LogActions>('sysadmin', 'log.actions', r.action) ? t(`log.actions.${r.action}`) : r.action) },
        { prop: 'target', label: t('log.target') },
        { prop: 'method', label: t('log.method'), display: false },
        { prop: 'path', label: t('log.path'), display: false },
        { prop: 'ip', label: t('log.ip') },
        { prop: 'durationMs', label: t('log.durationMs'), align: 'right' },
        { prop: 'statusCode', label: t('log.statusCode'), display: false },
        { prop: 'success', label: t('log.success'), render: (r) => (r.success ? t('common.success') : t('common.failure')) },
        { prop: 'params', label: t('log.params'), render: (r) => (
          // The request as it was sent: data, not text of the screen (translate="no").
          <div translate="no"><Ellipsis size="xs" ff="monospace">{JSON.stringify(r.params ?? '')}</Ellipsis></div>
        ) },
      ]}
    />
  );
}
