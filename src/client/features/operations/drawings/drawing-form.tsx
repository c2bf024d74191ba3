import { Grid, NumberInput, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { drawingSaveSchema } from '@shared/contracts/drawing';
import type { FormValues } from '@client/components/form/form-values';
import type { FormBodyProps, ListForm } from '@client/components/list-page/list-page';
import { FilesField } from '../../../components/form/file-field';
import { ProjectPicker } from '../../../shared/work-kit/pickers';

export type DrawingValues = FormValues<typeof drawingSaveSchema>;
const initialValues: DrawingValues = { name: '', nameEn: '', description: '', descriptionEn: '', picture: null, file: null, projectId: null, sort: 0 };
const one = (id: number | null) => (id === null ? [] : [id]);

function DrawingForm({ form }: FormBodyProps<DrawingValues>) {
  const { t } = useTranslation('work');
  return (
    <Grid gap="sm">
      <Grid.Col span={5}><TextInput label={t('drawing.name')} withAsterisk {...form.getInputProps('name')} /></Grid.Col>
      <Grid.Col span={5}><TextInput label={t('drawing.nameEn')} {...form.getInputProps('nameEn')} /></Grid.Col>
      <Grid.Col span={2}><NumberInput label={t('drawing.sort')} {...form.getInputProps('sort')} /></Grid.Col>
      <Grid.Col span={12}><ProjectPicker label={t('common.project')} value={form.values.projectId} error={form.errors.projectId as string | undefined} onChange={(id) => form.setFieldValue('projectId', id)} /></Grid.Col>
      <Grid.Col span={6}><Textarea label={t('drawing.description')} rows={3} {...form.getInputProps('description')} /></Grid.Col>
      <Grid.Col span={6}><Textarea label={t('drawing.descriptionEn')} rows={3} {...form.getInputProps('descriptionEn')} /></Grid.Col>
      <Grid.Col span={6}>
        <FilesField label={t('drawing.picture')} ownerType="fall_draw" max={1} accept="image/*" value={one(form.values.picture)} error={form.errors.picture as string | undefined} onChange={(ids) => form.setFieldValue('picture', ids[0] ?? null)} />
      </Grid.Col>
      <Grid.Col span={6}>
        <FilesField label={t('drawing.file')} ownerType="fall_draw" max={1} accept=".pdf,.dwg,.dxf" value={one(form.values.file)} error={form.errors.file as string | undefined} onChange={(ids) => form.setFieldValue('file', ids[0] ?? null)} />
      </Grid.Col>
    </Grid>
  );
}

/** The drawings list's add/edit form, loaded when its dialog first opens (drawing.screen.tsx). */
export const drawingForm: ListForm<DrawingValues> = { Body: DrawingForm, schema: drawingSaveSchema, initialValues };
