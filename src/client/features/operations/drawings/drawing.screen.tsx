import { Grid, NumberInput, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { drawingSaveSchema, type DrawingRow } from '@shared/contracts/drawing';
import type { FormValues } from '@client/components/form/form-values';
import { ListPage, type FormBodyProps } from '@client/components/list-page/list-page';
import { ImageGallery } from '@client/components/gallery/image-gallery';
import { FilesField } from '../../../components/form/file-field';
import { ProjectPicker, projectQueryField } from '../../../shared/work-kit/pickers';
import { downloadUrl, openFileOnClick, useFileSrc } from '../../../shared/work-kit/work-api';
import { localColumn, projectColumn } from '../../../shared/work-kit/format';

type Values = FormValues<typeof drawingSaveSchema>;
const initialValues: Values = { name: '', nameEn: '', description: '', descriptionEn: '', picture: null, file: null, projectId: null, sort: 0 };
const one = (id: number | null) => (id === null ? [] : [id]);

function DrawingForm({ form }: FormBodyProps<Values>) {
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

/** A drawing's picture in the kit's preview gallery, loaded with the session header (useFileSrc). */
function DrawingPicture({ id, alt }: { id: number; alt: string }) {
  const src = useFileSrc(downloadUrl(id));
  return src ? <ImageGallery thumbSize="3rem" images={[{ src, alt }]} /> : null;
}

/** fall/draw: drawings; pictures open in the kit's preview gallery. */
export default function DrawingsPage() {
  const { t, i18n } = useTranslation('work');
  return (
    <ListPage<DrawingRow, Values>
      key={i18n.language}
      title={t('drawing.title')}
      resource="drawing"
      schema={drawingSaveSchema}
      initialValues={initialValues}
      formBody={DrawingForm}
      queryFields={[
        { name: 'name', label: t('drawing.name') },
        projectQueryField(t('common.project')),
      ]}
      columns={[
        { prop: 'picture', label: t('drawing.picture'), ignore: true, render: (r) => (r.picture ? <DrawingPicture id={r.picture} alt={r.name} /> : null) },
        localColumn<DrawingRow>('name', t('drawing.name'), i18n.language, { display: 'always' }),
        projectColumn(t('common.project'), i18n.language),
        localColumn<DrawingRow>('description', t('drawing.description'), i18n.language),
        { prop: 'sort', label: t('drawing.sort'), align: 'right' },
        { prop: 'file', label: t('drawing.file'), ignore: true, render: (r) => (r.file ? <a href={downloadUrl(r.file)} onClick={openFileOnClick(downloadUrl(r.file))} target="_blank" rel="noreferrer">{t('common.detail')}</a> : null) },
      ]}
    />
  );
}
