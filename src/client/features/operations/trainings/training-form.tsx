import { Grid, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateTimePicker } from '@client/components/form/date-pickers';
import { trainingSaveSchema } from '@shared/contracts/training';
import type { FormValues } from '@client/components/form/form-values';
import type { FormBodyProps, ListForm } from '@client/components/list-page/list-page';
import { FilesField } from '../../../components/form/file-field';
import { DevicePicker, ProjectPicker } from '../../../shared/work-kit/pickers';

export type TrainingValues = FormValues<typeof trainingSaveSchema>;
const initialValues: TrainingValues = { name: '', nameEn: '', content: '', contentEn: '', trainAt: null, deviceId: null, projectId: null, files: [] };

function TrainingForm({ form }: FormBodyProps<TrainingValues>) {
  const { t } = useTranslation('work');
  return (
    <Grid gap="sm">
      <Grid.Col span={6}><TextInput label={t('training.name')} withAsterisk {...form.getInputProps('name')} /></Grid.Col>
      <Grid.Col span={6}><TextInput label={t('training.nameEn')} {...form.getInputProps('nameEn')} /></Grid.Col>
      <Grid.Col span={6}><DateTimePicker label={t('training.trainAt')} clearable valueFormat="YYYY-MM-DD HH:mm" {...form.getInputProps('trainAt')} /></Grid.Col>
      <Grid.Col span={6}><DevicePicker label={t('training.device')} value={form.values.deviceId} error={form.errors.deviceId as string | undefined} onChange={(id) => form.setFieldValue('deviceId', id)} /></Grid.Col>
      <Grid.Col span={12}><ProjectPicker label={t('common.project')} value={form.values.projectId} error={form.errors.projectId as string | undefined} onChange={(id) => form.setFieldValue('projectId', id)} /></Grid.Col>
      <Grid.Col span={6}><Textarea label={t('training.content')} rows={5} {...form.getInputProps('content')} /></Grid.Col>
      <Grid.Col span={6}><Textarea label={t('training.contentEn')} rows={5} {...form.getInputProps('contentEn')} /></Grid.Col>
      <Grid.Col span={12}>
        <FilesField label={t('common.files')} ownerType="fall_train" value={form.values.files} error={form.errors.files as string | undefined} onChange={(ids) => form.setFieldValue('files', ids)} />
      </Grid.Col>
    </Grid>
  );
}

/** The trainings list's add/edit form, loaded when its dialog first opens (training.screen.tsx). */
export const trainingForm: ListForm<TrainingValues> = { Body: TrainingForm, schema: trainingSaveSchema, initialValues };
