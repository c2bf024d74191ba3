import { useTranslation } from 'react-i18next';
import type { TrainingRow } from '@shared/contracts/training';
import { ListPage } from '@client/components/list-page/list-page';
import { localColumn, projectColumn, when } from '../../../shared/work-kit/format';
import { projectQueryField } from '../../../shared/work-kit/pickers';
import type { TrainingValues } from './training-form';

/** fall/train: training material with attachments. */
export default function TrainingsPage() {
  const { t, i18n } = useTranslation('work');
  return (
    <ListPage<TrainingRow, TrainingValues>
      key={i18n.language}
      title={t('training.title')}
      resource="training"
      form={() => import('./training-form').then((m) => m.trainingForm)}
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
