import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SensorRow } from '@shared/contracts/sensor';
import { SENSOR_KINDS } from '@shared/choices';
import { ListPage } from '@client/components/list-page/list-page';
import { selectInput } from '@client/components/list-page/query-form';
import { localColumn, projectColumn, when } from '../../../shared/work-kit/format';
import { projectQueryField } from '../../../shared/work-kit/pickers';
import type { SensorValues } from './sensor-form';

/** fall/others: sensors with thresholds; a value outside them is flagged. */
export default function SensorsPage() {
  const { t, i18n } = useTranslation('work');
  return (
    <ListPage<SensorRow, SensorValues>
      key={i18n.language}
      title={t('sensor.title')}
      resource="sensor"
      form={() => import('./sensor-form').then((m) => m.sensorForm)}
      queryFields={[
        { name: 'name', label: t('sensor.name') },
        { name: 'kind', label: t('sensor.kind'), render: selectInput(SENSOR_KINDS.map((k) => ({ value: k, label: t(`sensor.kinds.${k}`) }))) },
        projectQueryField(t('common.project')),
      ]}
      columns={[
        localColumn<SensorRow>('name', t('sensor.name'), i18n.language, { display: 'always' }),
        { prop: 'kind', label: t('sensor.kind'), render: (r) => t(`sensor.kinds.${r.kind}`) },
        projectColumn(t('common.project'), i18n.language),
        { prop: 'value', label: t('sensor.value'), align: 'right', render: (r) => (
          <>
            {r.value} {r.unit} {r.outOfRange && <Badge color="red" variant="light">{t('sensor.outOfRange')}</Badge>}
          </>
        ) },
        { prop: 'minValue', label: t('sensor.minValue'), align: 'right' },
        { prop: 'maxValue', label: t('sensor.maxValue'), align: 'right' },
        { prop: 'updatedAt', label: t('common.createdAt'), display: false, nowrap: true, render: (r) => when(r.updatedAt) },
      ]}
    />
  );
}
