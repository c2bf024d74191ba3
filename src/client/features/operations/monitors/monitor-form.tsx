import { Grid, NumberInput, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { monitorSaveSchema } from '@shared/contracts/monitor';
import type { FormValues } from '@client/components/form/form-values';
import type { FormBodyProps, ListForm } from '@client/components/list-page/list-page';
import { ProjectPicker } from '../../../shared/work-kit/pickers';

export type MonitorValues = FormValues<typeof monitorSaveSchema>;
const initialValues: MonitorValues = { name: '', nameEn: '', serial: '', remark: '', remarkEn: '', projectId: null, channel: 1, streamUrl: '' };

function MonitorForm({ form }: FormBodyProps<MonitorValues>) {
  const { t } = useTranslation('work');
  return (
    <Grid gap="sm">
      <Grid.Col span={6}><TextInput label={t('monitor.name')} withAsterisk {...form.getInputProps('name')} /></Grid.Col>
      <Grid.Col span={6}><TextInput label={t('monitor.nameEn')} {...form.getInputProps('nameEn')} /></Grid.Col>
      <Grid.Col span={6}><TextInput label={t('monitor.serial')} withAsterisk {...form.getInputProps('serial')} /></Grid.Col>
      <Grid.Col span={8}><ProjectPicker label={t('common.project')} value={form.values.projectId} error={form.errors.projectId as string | undefined} onChange={(id) => form.setFieldValue('projectId', id)} /></Grid.Col>
      <Grid.Col span={4}><NumberInput label={t('monitor.channel')} min={1} {...form.getInputProps('channel')} /></Grid.Col>
      <Grid.Col span={12}><TextInput label={t('monitor.streamUrl')} placeholder="https://…/live.m3u8" {...form.getInputProps('streamUrl')} /></Grid.Col>
      <Grid.Col span={6}><Textarea label={t('common.remark')} rows={2} {...form.getInputProps('remark')} /></Grid.Col>
      <Grid.Col span={6}><Textarea label={t('monitor.remarkEn')} rows={2} {...form.getInputProps('remarkEn')} /></Grid.Col>
    </Grid>
  );
}

/** The cameras list's add/edit form, loaded when its dialog first opens (monitor.screen.tsx). */
export const monitorForm: ListForm<MonitorValues> = { Body: MonitorForm, schema: monitorSaveSchema, initialValues };
