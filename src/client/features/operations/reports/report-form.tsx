import { Grid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { reportSaveSchema } from '@shared/contracts/report';
import type { FormBodyProps, ListForm } from '@client/components/list-page/list-page';
import { OrderPicker } from '../../../shared/work-kit/pickers';
import { ReportFields, reportInitialValues, type ReportValues } from '../../../shared/work-kit/report-fields';

function ReportForm({ form, mode }: FormBodyProps<ReportValues>) {
  const { t } = useTranslation('work');
  return (
    <Grid gap="sm">
      <Grid.Col span={12}>
        <OrderPicker label={t('report.order')} value={form.values.orderId} disabled={mode === 'edit'} error={form.errors.orderId as string | undefined} onChange={(id) => form.setFieldValue('orderId', id)} />
      </Grid.Col>
      <ReportFields form={form} lockResult={mode === 'edit'} />
    </Grid>
  );
}

/** The reports list's add/edit form, loaded when its dialog first opens (report.screen.tsx). */
export const reportForm: ListForm<ReportValues> = { Body: ReportForm, schema: reportSaveSchema, initialValues: reportInitialValues };
