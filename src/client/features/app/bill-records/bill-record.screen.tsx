import { useTranslation } from 'react-i18next';
import type { BillRecordRow } from '@shared/contracts/app';
import { ReadOnlyList } from '@client/components/read-only-list/read-only-list';
import { selectInput } from '@client/components/list-page/query-form';
import { StatusTag } from '@client/components/tags/status-tag';
import { useDictionary } from '@client/lib/dictionary';
import { dateTime } from '@client/lib/date-time';

/** app/bill-record: every state change of a bill, who made it and why; written by the server only. */
export default function BillRecordsPage() {
  const { t, i18n } = useTranslation('app');
  const state = useDictionary('bill_state');
  return (
    <ReadOnlyList<BillRecordRow>
      key={i18n.language}
      title={t('records.title')}
      resource="billRecord"
      queryFields={[
        { name: 'number', label: t('records.billNumber') },
        {
          name: 'toState',
          label: t('records.toState'),
          render: selectInput(state.options),
        },
      ]}
      columns={[
        { prop: 'billNumber', label: t('records.billNumber') },
        { prop: 'fromState', label: t('records.fromState'), render: (row) => <StatusTag kind="billState" value={row.fromState} /> },
        { prop: 'toState', label: t('records.toState'), render: (row) => <StatusTag kind="billState" value={row.toState} /> },
        { prop: 'byUser', label: t('records.byUser') },
        { prop: 'reason', label: t('records.reason') },
        { prop: 'at', label: t('records.at'), nowrap: true, render: (row) => dateTime(row.at, { seconds: true }) },
      ]}
    />
  );
}
