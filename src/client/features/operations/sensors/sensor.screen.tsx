import { Badge, Grid, NumberInput, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SENSOR_KINDS, sensorSaveSchema, type SensorRow } from '@shared/contracts/sensor';
import type { FormValues } from '@client/components/form/form-values';
import { ListPage, type FormBodyProps } from '@client/components/list-page/list-page';
import { selectInput } from '@client/components/list-page/query-form';
import { localColumn, projectColumn, when } from '../../../shared/work-kit/format';
import { ProjectPicker, projectQueryField } from '../../../shared/work-kit/pickers';

type Values = FormValues<typeof sensorSaveSchema>;
const initialValues: Values = { name: '', nameEn: '', kind: 'water_level', unit: '', value: 0, minValue: null, maxValue: null, projectId: null };
const numberOrNull = (v: string | number) => (v === '' ? null : Number(v));

function SensorForm({ form }: FormBodyProps<Values>) {
  const { t } = useTranslation('work');
  return (
    <Grid gap="sm">
      <Grid.Col span={6}><TextInput label={t('sensor.name')} withAsterisk {...form.getInputProps('name')} /></Grid.Col>
      <Grid.Col span={6}><TextInput label={t('sensor.nameEn')} {...form.getInputProps('nameEn')} /></Grid.Col>
      <Grid.Col span={6}>
        <Select label={t('sensor.kind')} allowDeselect={false} data={SENSOR_KINDS.map((k) => ({ value: k, label: t(`sensor.kinds.${k}`) }))} {...form.getInputProps('kind')} />
      </Grid.Col>
      <Grid.Col span={12}><ProjectPicker label={t('common.project')} value={form.values.projectId} error={form.errors.projectId as string | undefined} onChange={(id) => form.setFieldValue('projectId', id)} /></Grid.Col>
      <Grid.Col span={6}><NumberInput label={t('sensor.value')} {...form.getInputProps('value')} /></Grid.Col>
      <Grid.Col span={6}><TextInput label={t('sensor.unit')} {...form.getInputProps('unit')} /></Grid.Col>
      <Grid.Col span={6}>
        <NumberInput label={t('sensor.minValue')} value={form.values.minValue ?? ''} error={form.errors.minValue} onChange={(v) => form.setFieldValue('minValue', numberOrNull(v))} />
      </Grid.Col>
      <Grid.Col span={6}>
        <NumberInput label={t('sensor.maxValue')} value={form.values.maxValue ?? ''} error={form.errors.maxValue} onChange={(v) => form.setFieldValue('maxValue', numberOrNull(v))} />
      </Grid.Col>
    </Grid>
  );
}

/** fall/others: sensors with thresholds; a value outside them is flagged. */
export default function SensorsPage() {
  const { t, i18n } = useTranslation('work');
  return (
    <ListPage<SensorRow, Values>
      key={i18n.language}
      title={t('sensor.title')}
      resource="sensor"
      schema={sensorSaveSchema}
      initialValues={initialValues}
      formBody={SensorForm}
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
