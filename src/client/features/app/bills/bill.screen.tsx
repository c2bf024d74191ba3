import { useState } from 'react';
import { Button, Group, Select, Stack, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BillRow, BillStateInput } from '@shared/contracts/app';
import { FINAL_BILL_STATES } from '@shared/choices';
import { Dialog } from '@client/components/dialog/dialog';
import { toast } from '@client/components/feedback/toast';
import { ListPage } from '@client/components/list-page/list-page';
import { selectInput } from '@client/components/list-page/query-form';
import { CardNumber } from '@client/components/tags/card-number';
import { StatusTag } from '@client/components/tags/status-tag';
import { api, ApiError } from '@client/lib/api';
import { useDictionary } from '@client/lib/dictionary';
import { useCan } from '@client/lib/session';
import { dateTime } from '@client/lib/date-time';
import { keysOf } from '@client/lib/resource-keys';
import { RESOURCES } from '@shared/resources';
import { permissionOf } from '@client/lib/resources';
import type { BillValues } from './bill-form';
import { CustomerSelect } from './customer-select';

const BASE = RESOURCES.bill.api;

/** POST /app/bill/state with a reason; the server records the change. */
function StateDialog({ bill, onClose }: { bill: BillRow | null; onClose: () => void }) {
  const { t } = useTranslation('app');
  const state = useDictionary('bill_state');
  const queryClient = useQueryClient();
  const [to, setTo] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const change = useMutation({
    mutationFn: (body: BillStateInput) => api.post(`${BASE}/state`, body),
    onSuccess: () => {
      toast.success(() => t('bills.stateChanged'));
      onClose();
      return Promise.all([queryClient.invalidateQueries({ queryKey: keysOf('bill').all }), queryClient.invalidateQueries({ queryKey: keysOf('billRecord').all })]);
    },
    onError: (e) => (e instanceof ApiError && e.fields.billState ? setError(e.fields.billState) : toast.error(e.message)),
  });
  const open = bill !== null;
  return (
    <Dialog
      opened={open}
      onChange={(o) => !o && onClose()}
      title={t('bills.changeStateTitle', { number: bill?.number ?? '' })}
      width={480}
      height={360}
      footer
      confirmLoading={change.isPending}
      onOk={() => bill && to && change.mutate({ id: bill.id, billState: to, reason })}
    >
      {bill && (
        <Stack gap="sm">
          <Group gap="xs">
            <StatusTag kind="billState" value={bill.billState} />
          </Group>
          <Select
            label={t('bills.newState')}
            withAsterisk
            data={state.options.filter((o) => o.value !== bill.billState)}
            value={to}
            onChange={(v) => {
              setTo(v);
              setError(undefined);
            }}
            error={error}
          />
          <Textarea label={t('bills.reason')} rows={2} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
        </Stack>
      )}
    </Dialog>
  );
}

/** app/bill: bills with the spec §4 tag colours; every state change is recorded by the server. */
export default function BillsPage() {
  const { t, i18n } = useTranslation('app');
  const type = useDictionary('bill_type');
  const state = useDictionary('bill_state');
  const canChange = useCan(permissionOf('bill', 'update'));
  const [changing, setChanging] = useState<BillRow | null>(null);
  return (
    <>
      <ListPage<BillRow, BillValues>
        key={i18n.language}
        title={t('bills.title')}
        resource="bill"
        form={() => import('./bill-form').then((m) => m.billForm)}
        queryFields={[
          { name: 'number', label: t('bills.number') },
          { name: 'userId', label: t('bills.customer'), render: (p) => <CustomerSelect label={p.label} value={(p.value as string) || null} onChange={(v) => p.onChange(v ?? '')} /> },
          { name: 'billType', label: t('bills.billType'), render: selectInput(type.options) },
          { name: 'billState', label: t('bills.billState'), render: selectInput(state.options) },
        ]}
        columns={[
          { prop: 'number', label: t('bills.number'), nowrap: true },
          { prop: 'userName', label: t('bills.customer') },
          { prop: 'cardNumber', label: t('bills.cardNumber'), render: (row) => <CardNumber value={row.cardNumber} /> },
          { prop: 'amount', label: t('bills.amount'), render: (row) => row.amount.toLocaleString(i18n.language === 'en' ? 'en-US' : 'zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }) },
          { prop: 'billType', label: t('bills.billType'), render: (row) => <StatusTag kind="billType" value={row.billType} /> },
          { prop: 'billRate', label: t('bills.billRate'), render: (row) => <StatusTag kind="billRate" value={row.billRate} /> },
          {
            prop: 'billState',
            label: t('bills.billState'),
            render: (row) => (
              <Group gap={4} wrap="nowrap">
                <StatusTag kind="billState" value={row.billState} />
                {canChange && !FINAL_BILL_STATES.includes(row.billState) && (
                  <Button size="compact-xs" variant="subtle" onClick={() => setChanging(row)}>
                    {t('bills.changeState')}
                  </Button>
                )}
              </Group>
            ),
          },
          { prop: 'at', label: t('bills.at'), nowrap: true, render: (row) => dateTime(row.at) },
        ]}
      />
      <StateDialog key={changing?.id ?? 'none'} bill={changing} onClose={() => setChanging(null)} />
    </>
  );
}
