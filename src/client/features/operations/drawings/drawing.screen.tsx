import { useTranslation } from 'react-i18next';
import type { DrawingRow } from '@shared/contracts/drawing';
import { ListPage } from '@client/components/list-page/list-page';
import { ImageGallery } from '@client/components/gallery/image-gallery';
import { projectQueryField } from '../../../shared/work-kit/pickers';
import { downloadUrl, openFileOnClick, useFileSrc } from '../../../shared/work-kit/work-api';
import { localColumn, projectColumn } from '../../../shared/work-kit/format';
import type { DrawingValues } from './drawing-form';

/** A drawing's picture in the kit's preview gallery, loaded with the session header (useFileSrc). */
function DrawingPicture({ id, alt }: { id: number; alt: string }) {
  const src = useFileSrc(downloadUrl(id));
  return src ? <ImageGallery thumbSize="3rem" images={[{ src, alt }]} /> : null;
}

/** fall/draw: drawings; pictures open in the kit's preview gallery. */
export default function DrawingsPage() {
  const { t, i18n } = useTranslation('work');
  return (
    <ListPage<DrawingRow, DrawingValues>
      key={i18n.language}
      title={t('drawing.title')}
      resource="drawing"
      form={() => import('./drawing-form').then((m) => m.drawingForm)}
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
