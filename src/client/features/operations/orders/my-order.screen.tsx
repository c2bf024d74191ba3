import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Anchor, Badge, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ORDER_PRIORITY, ORDER_STATUS } from '@shared/dictionaries';
import { localName } from '@shared/local-name';
import { StatusTag } from '@client/components/tags/status-tag';
import { when } from '../../../shared/work-kit/format';
import { myOrdersQueryOptions } from '../../../shared/assignment/assignment-api';

// The order's detail (its report form and zod) loads with the first order opened, as on the orders list.
const OrderDetail = lazy(() => import('./order-detail').then((m) => ({ default: m.OrderDetail })));

/**
 * fall/my-order (docs/maintenance.md "Assignment and notifications"): the signed-in user's open
 * orders, overdue first, then by due time; a row opens the order (as a notification in the bell does).
 */
export default function MyOrdersScreen() {
  const { t, i18n } = useTranslation('assign');
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('open')) || null;
  const [opened, setOpened] = useState<number | null>(null);
  const open = opened ?? asked;
  const rows = useQuery(myOrdersQueryOptions());
  const close = () => {
    setOpened(null);
    if (asked) setParams({}, { replace: true });
  };
  return (
    <Stack gap="md" data-screen="my-orders">
      <div>
        <Title order={3}>{t('my.title')}</Title>
        <Text size="sm" c="dimmed">{t('my.intro')}</Text>
      </div>
      <Paper withBorder radius="md">
        {rows.isPending ? (
          <Skeleton h={120} />
        ) : !rows.data?.length ? (
          <Text p="md" c="dimmed">{t('my.none')}</Text>
        ) : (
          <Table striped highlightOnHover aria-label={t('my.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('my.number')}</Table.Th>
                <Table.Th>{t('my.name')}</Table.Th>
                <Table.Th>{t('my.project')}</Table.Th>
                <Table.Th>{t('my.status')}</Table.Th>
                <Table.Th>{t('my.priority')}</Table.Th>
                <Table.Th>{t('my.dueAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.data.map((o) => (
                <Table.Tr key={o.id} data-order={o.id}>
                  <Table.Td>
                    <Anchor component="button" type="button" size="sm" onClick={() => setOpened(o.id)}>
                      {o.number}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{o.name}</Table.Td>
                  <Table.Td>{o.projectName === null ? '' : localName(o.projectName, o.projectNameEn ?? '', i18n.language)}</Table.Td>
                  <Table.Td><StatusTag value={o.status} dict={ORDER_STATUS} /></Table.Td>
                  <Table.Td><StatusTag value={o.priority} dict={ORDER_PRIORITY} /></Table.Td>
                  <Table.Td>
                    {o.dueAt ? when(o.dueAt) : t('my.noDue')} {o.overdue && <Badge color="red" size="sm" variant="light">{t('my.overdue')}</Badge>}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      {open !== null && (
        <Suspense fallback={null}>
          <OrderDetail id={open} onClose={close} />
        </Suspense>
      )}
    </Stack>
  );
}
