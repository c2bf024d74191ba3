import { Grid, NumberInput, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SENSOR_KINDS, sensorSaveSchema } from '@shared/contracts/sensor';
import type { FormValues } from '@client/components/form/form-values';
import type { FormBodyProps, ListForm } from '@client/components/list-page/list-page';
import { ProjectPicker } from '../../../shared/work-kit/pickers';

export type SensorValues = FormValues<typeof sensorSaveSchema>;
const initialValues: SensorValues = { name: '', nameEn: '', kind: 'water_level', unit: '', value: 0, minValue: null, maxValue: null, projectId: null };
const numberOrNull = (v: string | number) => (v === '' ? null : Number(v));

function SensorForm({ form }: FormBodyProps<SensorValues>) {
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

/** The sensors list's add/edit form, loaded when its dialog first opens (sensor.screen.tsx). */
export const sensorForm: ListForm<SensorValues> = { Body: SensorForm, schema: sensorSaveSchema, initialValues };
