import { Grid, NumberInput, SegmentedControl, Input, Textarea, TextInput } from '@mantine/core';
import { DateTimePicker } from '../../components/form/date-pickers';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { REPAIR_RESULT } from '@shared/dictionaries';
import { reportSaveSchema } from '@shared/contracts/report';
import type { FormValues } from '../../components/form/form-values';
import { FilesField } from '../../components/form/file-field';
import { ChecklistFill } from './checklist-fill';
import { ReportParts } from './report-parts';

/** A report form holds a draft of what the save contract takes (the order chosen by the caller). */
export type ReportValues = FormValues<typeof reportSaveSchema>;

export const reportInitialValues: ReportValues = {
  orderId: null,
  repairer: '',
  repairAt: null,
  durationHours: 0,
  completedAt: null,
  result: 'fixed',
  notes: '',
  files: [],
  checklist: { answers: {} },
  parts: [],
};

/** A new report starts at the current time: most are written on site, right after the work. */
export const newReportValues = (): ReportValues => ({ ...reportInitialValues, repairAt: dayjs().format('YYYY-MM-DD HH:mm:ss') });

/** The fields of a repair report (the order is chosen by the caller); a new report fills the order's checklist. */
export function ReportFields({ form, lockResult, orderId }: { form: UseFormReturnType<ReportValues>; lockResult?: boolean; orderId?: number | null }) {
  const { t, i18n } = useTranslation('work');
  const lang = i18n.language === 'en' ? 'en' : 'cn';
  return (
    <>
      <Grid.Col span={6}>
        <TextInput label={t('report.repairer')} withAsterisk {...form.getInputProps('repairer')} />
      </Grid.Col>
      <Grid.Col span={6}>
        {/* To the second: a report filed in the minute its order was submitted must not read as before it (docs/invariants.md). */}
        <DateTimePicker label={t('report.repairAt')} withAsterisk withSeconds valueFormat="YYYY-MM-DD HH:mm:ss" {...form.getInputProps('repairAt')} />
      </Grid.Col>
      <Grid.Col span={6}>
        <NumberInput label={t('report.durationHours')} min={0} decimalScale={1} {...form.getInputProps('durationHours')} />
      </Grid.Col>
      <Grid.Col span={6}>
        <DateTimePicker label={t('report.completedAt')} clearable withSeconds valueFormat="YYYY-MM-DD HH:mm:ss" {...form.getInputProps('completedAt')} />
      </Grid.Col>
      <Grid.Col span={12}>
        <Input.Wrapper label={t('report.result')} error={form.errors.result}>
          <SegmentedControl
            display="flex"
            disabled={lockResult}
            data={REPAIR_RESULT.map((r) => ({ value: r.value, label: r[lang] }))}
            value={form.values.result}
            onChange={(v) => form.setFieldValue('result', v as ReportValues['result'])}
          />
        </Input.Wrapper>
      </Grid.Col>
      <Grid.Col span={12}>
        <Textarea label={t('report.notes')} rows={3} {...form.getInputProps('notes')} />
      </Grid.Col>
 {!lockResult && (
        <Grid.Col span={12}>
          <ChecklistFill form={form} orderId={orderId ?? form.values.orderId} />
        </Grid.Col>
      )}
      {!lockResult && (
        <Grid.Col span={12}>
          <ReportParts form={form} orderId={orderId ?? form.values.orderId} />
        </Grid.Col>
      )}
      <Grid.Col span={12}>
        <FilesField label={t('common.files')} ownerType="fall_report" value={form.values.files} error={form.errors.files as string | undefined} onChange={(ids) => form.setFieldValue('files', ids)} />
      </Grid.Col>
    </>
  );
}
