import { lazy, Suspense, useState } from 'react';
import { Button, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OrderRow } from '@shared/contracts/order';
import { ORDER_TRANSITIONS } from '@shared/contracts/order';
import { ORDER_PRIORITY, ORDER_STATUS } from '@shared/dictionaries';
import { useCan } from '@client/lib/session';
import { ListPage } from '@client/components/list-page/list-page';
import { useDrillFilter } from '@client/components/list-page/drill-filter';
import { selectInput } from '@client/components/list-page/query-form';
import { ActionSlot } from '@client/components/list-page/action-slot';
import { StatusTag } from '@client/components/tags/status-tag';
import { toast } from '@client/components/feedback/toast';
import { messageBox } from '@client/components/message-box/message-box';
import { localColumn, projectColumn, when } from '../../../shared/work-kit/format';
import { projectQueryField } from '../../../shared/work-kit/pickers';
import { acceptOrder, closeOrder, orderKeys } from './order-api';
import type { OrderValues } from './order-form';
import { permissionOf } from '@client/lib/resources';

/** The statuses an order can still be closed from (the server's rule). */
const CLOSABLE: readonly string[] = ORDER_TRANSITIONS.close;

// The detail, with its report form and that form's validation, loads when a detail is first opened.
const OrderDetail = lazy(() => import('./order-detail').then((m) => ({ default: m.OrderDetail })));

const ORDER_DRILL = ['statMetric', 'statFrom', 'statTo', 'source', 'projectId', 'area', 'country', 'category'] as const;

/** fall/order: maintenance orders with their status flow and reports. */
export default function OrdersPage() {
  const { t, i18n } = useTranslation('work');
  const lang = i18n.language === 'en' ? 'en' : 'cn';
  const queryClient = useQueryClient();
  const [detailId, setDetailId] = useState<number | null>(null);
  // Kept mounted once opened: its dialog keeps where it was dragged to, as the list's own does.
  const [detailOpened, setDetailOpened] = useState(false);
  if (detailId !== null && !detailOpened) setDetailOpened(true);
  const canAccept = useCan(permissionOf('order', 'accept'));
  const canClose = useCan(permissionOf('order', 'close'));
  const canInfo = useCan(permissionOf('order', 'info'));
  // The statistics screen opens the list on the orders behind one of its figures.
  const drill = useDrillFilter(ORDER_DRILL);

  const act = async (run: () => Promise<unknown>) => {
    try {
      await run();
      toast.success(() => t('common.done'));
      await queryClient.invalidateQueries({ queryKey: orderKeys.all });
    } catch (e) {
      toast.error((e as Error).message);
    }
  };

  return (
    <>
      <ListPage<OrderRow, OrderValues>
        key={i18n.language}
        title={t('order.title')}
        resource="order"
        form={() => import('./order-form').then((m) => m.orderForm)}
        drill={drill}
        queryFields={[
          { name: 'keyword', label: t('common.keyword'), render: (p) => <TextInput label={p.label} placeholder={t('order.keywordHint')} value={String(p.value ?? '')} onChange={(e) => p.onChange(e.currentTarget.value)} /> },
          projectQueryField(t('common.project')),
          { name: 'status', label: t('order.status'), render: selectInput(ORDER_STATUS.map((s) => ({ value: s.value, label: s[lang] }))) },
          { name: 'priority', label: t('order.priority'), render: selectInput(ORDER_PRIORITY.map((s) => ({ value: s.value, label: s[lang] }))) },
        ]}
        columns={[
          { prop: 'number', label: t('order.number'), display: 'always', width: 170, nowrap: true },
          { prop: 'name', label: t('order.name') },
          projectColumn(t('common.project'), i18n.language),
          localColumn<OrderRow>('equipmentName', t('common.equipment'), i18n.language),
          { prop: 'priority', label: t('order.priority'), render: (row) => <StatusTag value={row.priority} dict={ORDER_PRIORITY} /> },
          { prop: 'status', label: t('order.status'), render: (row) => <StatusTag value={row.status} dict={ORDER_STATUS} /> },
          { prop: 'source', label: t('order.source'), display: false, render: (row) => t(`order.sources.${row.source}`) },
          { prop: 'submittedAt', label: t('order.submittedAt'), nowrap: true, render: (row) => when(row.submittedAt) },
          { prop: 'reportCount', label: t('order.reportCount'), align: 'right' },
          { prop: 'completedAt', label: t('order.completedAt'), display: false, nowrap: true, render: (row) => when(row.completedAt) },
        ]}
        // Details and the flow steps share the list's one actions column with edit and delete; a step a
        // row does not offer keeps its slot, so edit and delete line up on every row.
        rowActions={!(canInfo || canAccept || canClose) ? undefined : (row) => (
          <>
            {canInfo && <Button size="compact-xs" variant="subtle" onClick={() => setDetailId(row.id)}>{t('common.detail')}</Button>}
            {canAccept && (
              <ActionSlot show={row.status === 'submitted'}>
                <Button size="compact-xs" variant="subtle" onClick={() => void act(() => acceptOrder(row.id))}>{t('order.accept')}</Button>
              </ActionSlot>
            )}
            {canClose && (
              <ActionSlot show={CLOSABLE.includes(row.status)}>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="gray"
                  onClick={async () => {
                    if (await messageBox.confirm(t('order.confirmClose'))) await act(() => closeOrder(row.id));
                  }}
                >
                  {t('order.close')}
                </Button>
              </ActionSlot>
            )}
          </>
        )}
      />
      {detailOpened && (
        <Suspense fallback={null}>
          <OrderDetail id={detailId} onClose={() => setDetailId(null)} />
        </Suspense>
      )}
    </>
  );
}
