import { Grid, Textarea, TextInput } from '@mantine/core';
import { DateTimePicker } from '@client/components/form/date-pickers';
import { useTranslation } from 'react-i18next';
import { trainingSaveSchema, type TrainingRow } from '@shared/contracts/training';
import type { FormValues } from '@client/components/form/form-values';
import { ListPage, type FormBodyProps } from '@client/components/list-page/list-page';
import { localColumn, projectColumn, when } from '../../../shared/work-kit/format';
import { FilesField } from '../../../components/form/file-field';
import { DevicePicker, ProjectPicker, projectQueryField } from '../../../shared/work-kit/pickers';

type Values = FormValues<typeof trainingSaveSchema>;
const initialValues: Values = { name: '', nameEn: '', content: '', contentEn: '', trainAt: null, deviceId: null, projectId: null, files: [] };

function TrainingForm({ form }: FormBodyProps<Values>) {
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

/** fall/train: training material with attachments. */
export default function TrainingsPage() {
  const { t, i18n } = useTranslation('work');
  return (
    <ListPage<TrainingRow, Values>
      key={i18n.language}
      title={t('training.title')}
      resource="training"
      schema={trainingSaveSchema}
      initialValues={initialValues}
      formBody={TrainingForm}
      queryFields={[
        { name: 'name', label: t('training.name') },
        projectQueryField(t('common.project')),
      ]}
      columns={[
        localColumn<TrainingRow>('name', t('training.name'), i18n.language, { display: 'always' }),
        { prop: 'trainAt', label: t('training.trainAt'), nowrap: true, render: (r) => when(r.trainAt) },
        localColumn<TrainingRow>('deviceName', t('training.device'), i18n.language),
        projectColumn(t('common.project'), i18n.language),
        { prop: 'files', label: t('common.files'), render: (r) => r.files.length },
      ]}
    />
  );
}
