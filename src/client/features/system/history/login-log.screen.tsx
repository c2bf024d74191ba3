import { Select } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import type { LoginLogEntry } from '@shared/contracts/logs';
import { tMessage } from '@client/lib/i18n';
import { PurgeButton } from '../../../shared/system/purge-button';
import { ReadOnlyList } from '@client/components/read-only-list/read-only-list';
import { LONG_LIST } from '@client/components/read-only-list/long-list';
import { StatusTag } from '@client/components/tags/status-tag';
import { dateTime } from '@client/lib/date-time';
import { UserAgent } from '@client/components/ellipsis/user-agent';


export default function HistoryPage() {
  const { t } = useTranslation('sysadmin');
  const outcome = [
    { value: 'true', cn: t('common.success'), en: t('common.success'), color: 'success' as const },
    { value: 'false', cn: t('common.failure'), en: t('common.failure'), color: 'danger' as const },
  ];

  return (
    <ReadOnlyList<LoginLogEntry>
      // Can grow to hundreds of thousands of rows: only the rows in view are drawn, loaded as the list scrolls.
      virtual={LONG_LIST}
      title={t('history.title')}
      resource="loginLog"
      toolbarExtra={<PurgeButton resource="loginLog" />}
      queryFields={[
        { name: 'username', label: t('history.username') },
        { name: 'ip', label: t('history.ip') },
        {
          name: 'success',
          label: t('history.success'),
          render: (p) => (
            <Select label={p.label} clearable value={p.value === '' ? null : String(p.value)} onChange={(v) => p.onChange(v === null ? '' : v === 'true')}
              data={outcome.map((o) => ({ value: o.value, label: o.cn }))} />
          ),
        },
        { name: 'from', label: t('common.from'), render: (p) => <DateTimePicker label={p.label} clearable value={(p.value as string) || null} onChange={(v) => p.onChange(v ?? '')} /> },
        { name: 'to', label: t('common.to'), render: (p) => <DateTimePicker label={p.label} clearable value={(p.value as string) || null} onChange={(v) => p.onChange(v ?? '')} /> },
      ]}
      columns={[
        { prop: 'at', label: t('history.at'), nowrap: true, render: (r) => dateTime(r.at, { seconds: true }), width: 170 },
        { prop: 'username', label: t('history.username') },
        { prop: 'ip', label: t('history.ip') },
        { prop: 'userAgent', label: t('history.userAgent'), width: 190, render: (r) => <UserAgent value={r.userAgent} /> },
        { prop: 'success', label: t('history.success'), render: (r) => <StatusTag value={String(r.success)} dict={outcome} /> },
        // The server stores the message key (login.password, ok.success …): shown in the reader's language.
        { prop: 'message', label: t('history.message'), render: (r) => tMessage(r.message) },
      ]}
    />
  );
}
