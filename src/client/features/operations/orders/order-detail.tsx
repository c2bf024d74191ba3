import { Anchor, Button, Divider, Grid, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useEffect, useRef } from 'react';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { reportSaveSchema } from '@shared/contracts/report';
import { ORDER_PRIORITY, ORDER_STATUS, REPAIR_RESULT } from '@shared/dictionaries';
import { ApiError } from '@client/lib/api';
import { useCan } from '@client/lib/session';
import { DetailDisplay } from '@client/components/detail/detail-display';
import { Dialog } from '@client/components/dialog/dialog';
import { toast } from '@client/components/feedback/toast';
import { fieldErrors, zodResolver } from '@client/components/form/zod-resolver';
import { StatusTag } from '@client/components/tags/status-tag';
import { when } from '../../../shared/work-kit/format';
import { FilesField } from '../../../components/form/file-field';
import { fileReport, orderDetailQueryOptions, orderKeys, orderRiskQueryOptions } from './order-api';
import { ReportFields, newReportValues, type ReportValues } from '../../../shared/work-kit/report-fields';
import { ChecklistRecord } from '../../../shared/work-kit/checklist-record';
import { localName } from '@shared/local-name';
import { tMessage } from '@client/lib/i18n';
import { permissionOf } from '@client/lib/resources';

/** An order with its reports, and the form to file the next one (which moves the order). */
export function OrderDetail({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('work');
  const { t: ta } = useTranslation('assign');
  const queryClient = useQueryClient();
  const detail = useQuery(orderDetailQueryOptions(id));
  const canReport = useCan(permissionOf('report', 'save'));
  const order = detail.data;
  // A preventive order says why the detector opened it, with a link to the finding and its trend (docs/predictive.md).
  const canSeeRisk = useCan('fall-risk#info');
  const risk = useQuery(orderRiskQueryOptions(order?.source === 'preventive' && canSeeRisk ? order.id : null)).data;
  // The order is this one; the form checks the other fields.
  const form = useForm<ReportValues>({ mode: 'controlled', initialValues: newReportValues(), validate: zodResolver(reportSaveSchema.extend({ orderId: z.unknown() })) });
  // The detail stays mounted under the list: each order it opens starts a report at "now", not at the
  // time the list opened (a report on an order made since would read as before its submission).
  const formFor = useRef(id);
  useEffect(() => {
    if (id === formFor.current) return;
    formFor.current = id;
    if (id !== null) form.setValues(newReportValues());
  });

  const submit = useMutation({
    mutationFn: (values: ReportValues) => fileReport({ ...values, orderId: id }),
    onSuccess: (filed) => {
      toast.success(() => t('common.done'));
      // A failed checklist opened a corrective order: the technician is told its number.
      if (filed.correctiveOrder) toast.info(() => t('checklist.corrective', { number: filed.correctiveOrder?.number }));
      form.setValues(newReportValues());
      return queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) form.setErrors(fieldErrors(error.fields));
      else toast.error(error.message);
    },
  });

  return (
    <Dialog opened={id !== null} onChange={(open) => !open && onClose()} title={order ? `${order.number} · ${order.name}` : t('common.detail')} loading={detail.isFetching && !order}>
      {order && (
        <Stack gap="md">
          <DetailDisplay
            items={[
              { label: t('order.number'), value: order.number },
              { label: t('order.status'), value: <StatusTag value={order.status} dict={ORDER_STATUS} /> },
              { label: t('common.project'), value: order.projectName === null ? '' : localName(order.projectName, order.projectNameEn, i18n.language) },
              { label: t('common.equipment'), value: order.equipmentName === null ? '' : localName(order.equipmentName, order.equipmentNameEn, i18n.language) },
              { label: t('order.priority'), value: <StatusTag value={order.priority} dict={ORDER_PRIORITY} /> },
              { label: t('order.source'), value: t(`order.sources.${order.source}`) },
              ...(order.checklistName !== null ? [{ label: t('order.checklist'), value: localName(order.checklistName, order.checklistNameEn ?? '', i18n.language) }] : []),
              ...(risk
                ? [
                    {
                      label: t('risk.orderReason'),
                      full: true,
                      value: (
                        <Group gap="sm" data-testid="order-risk">
                          <Text size="sm">{risk.reason}</Text>
                          {risk.projectedAt ? <Text size="sm" c="orange">{t('risk.projectedAt')}: {when(risk.projectedAt)}</Text> : null}
                          <Anchor component={Link} to={`/main/fall/risk?open=${risk.id}`} size="sm" onClick={onClose}>
                            {t('risk.openRisk')}
                          </Anchor>
                        </Group>
                      ),
                    },
                  ]
                : []),
              { label: ta('order.assignee'), value: order.assigneeName === null ? ta('order.unassigned') : localName(order.assigneeName, order.assigneeNameEn ?? '', i18n.language) },
              { label: ta('order.dueAt'), value: when(order.dueAt) },
              { label: t('order.submitter'), value: order.submitter },
              { label: t('order.contact'), value: order.contact },
              { label: t('order.submittedAt'), value: when(order.submittedAt) },
              { label: t('order.completedAt'), value: when(order.completedAt) },
              // A stored row that breaks a time rule (migration 0014): shown, and left out of the statistics.
              ...(order.dataIssue ? [{ label: t('order.dataIssue'), value: <Text c="red" size="sm">{tMessage(order.dataIssue)}</Text>, full: true }] : []),
              { label: t('order.description'), value: order.description, full: true },
              { label: t('common.files'), value: order.files.length ? <FilesField label="" ownerType="fall_order" value={order.files} max={order.files.length} onChange={() => undefined} /> : '', full: true },
            ]}
          />
          {order.assignments.length > 0 && (
            <Stack gap={4} data-testid="order-assignments">
              <Title order={5}>{ta('order.history')}</Title>
              {order.assignments.map((a) => (
                <Text key={a.id} size="sm">
                  {when(a.at)} · {ta('order.historyRow', {
                    by: localName(a.byName, a.byNameEn, i18n.language),
                    from: localName(a.fromName, a.fromNameEn, i18n.language) || ta('order.unassigned'),
                    to: localName(a.toName, a.toNameEn, i18n.language) || ta('order.unassigned'),
                  })}
                </Text>
              ))}
            </Stack>
          )}
          <Divider />
          <Title order={5}>{t('order.reports')}</Title>
          {order.reports.length === 0 ? (
            <Text c="dimmed" size="sm">{t('order.noReports')}</Text>
          ) : (
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('report.repairer')}</Table.Th>
                  <Table.Th>{t('report.repairAt')}</Table.Th>
                  <Table.Th>{t('report.durationHours')}</Table.Th>
                  <Table.Th>{t('report.completedAt')}</Table.Th>
                  <Table.Th>{t('report.result')}</Table.Th>
                  <Table.Th>{t('report.notes')}</Table.Th>
                  <Table.Th>{t('order.checklist')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {order.reports.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{r.repairer}</Table.Td>
                    <Table.Td>{when(r.repairAt)}</Table.Td>
                    <Table.Td>{r.durationHours}</Table.Td>
                    <Table.Td>{when(r.completedAt)}</Table.Td>
                    <Table.Td><StatusTag value={r.result} dict={REPAIR_RESULT} /></Table.Td>
                    <Table.Td>{r.notes}</Table.Td>
                    <Table.Td>{r.checklistFailed === null ? null : <ChecklistRecord reportId={r.id} failed={r.checklistFailed} flagged={r.checklistFlagged ?? 0} />}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {canReport && order.status !== 'closed' && (
            <form onSubmit={form.onSubmit((values) => submit.mutate(values))} aria-label={t('order.fileReport')}>
              <Title order={5} mb="xs">{t('order.fileReport')}</Title>
              <Grid gap="sm">
                <ReportFields form={form} orderId={id} />
              </Grid>
              <Group justify="flex-end" mt="sm">
                <Button type="submit" loading={submit.isPending}>{t('order.fileReport')}</Button>
              </Group>
            </form>
          )}
        </Stack>
      )}
    </Dialog>
  );
}
