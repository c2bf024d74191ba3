import { Grid, NumberInput, Select, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { deviceSaveSchema } from '@shared/contracts/device';
import { useDictionary } from '@client/lib/dictionary';
import type { FormValues } from '@client/components/form/form-values';
import type { FormBodyProps, ListForm } from '@client/components/list-page/list-page';
import { FileField } from '@client/components/form/file-field';
import type { KeyOf, Texts } from '@client/lib/i18n-keys';

export type DeviceValues = FormValues<typeof deviceSaveSchema>;
const INITIAL: DeviceValues = {
  name: '', nameEn: '', category: 'pump', maker: '', model: '', handbook: null, remark: '', remarkEn: '',
  onDelaySeconds: null, offDelaySeconds: null, deadband: null, repeatCount: null, repeatMinutes: null,
};
/** The model's alarm conditioning: the default of the channels wired to its units (docs/alarms.md "Conditioning"). */
const CONDITIONING = ['onDelaySeconds', 'offDelaySeconds', 'deadband', 'repeatCount', 'repeatMinutes'] as const;

function DeviceForm({ form }: FormBodyProps<DeviceValues>) {
  const { t } = useTranslation('projects');
  const category = useDictionary('device_category');
  const f = (k: KeyOf<Texts['projects']['device']['fields']>) => t(`device.fields.${k}`);
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, sm: 6 }}><TextInput label={f('name')} withAsterisk {...form.getInputProps('name')} /></Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}><TextInput label={f('nameEn')} {...form.getInputProps('nameEn')} /></Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}><Select label={f('category')} withAsterisk data={category.options} allowDeselect={false} {...form.getInputProps('category')} /></Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}><TextInput label={f('maker')} {...form.getInputProps('maker')} /></Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}><TextInput label={f('model')} {...form.getInputProps('model')} /></Grid.Col>
      <Grid.Col span={12}>
        <FileField
          label={f('handbook')}
          ownerType="fall_device"
          accept=".pdf,.docx,.xlsx,.zip,image/*"
          value={form.values.handbook}
          onChange={(v) => form.setFieldValue('handbook', v)}
          error={form.errors.handbook as string | undefined}
        />
      </Grid.Col>
      <Grid.Col span={12}>
        <Text size="sm" fw={600}>{t('device.conditioning')}</Text>
        <Text size="xs" c="dimmed">{t('device.conditioningHint')}</Text>
      </Grid.Col>
      {CONDITIONING.map((k) => (
        <Grid.Col key={k} span={{ base: 6, sm: 4 }}>
          <NumberInput
            label={f(k)}
            min={k === 'repeatCount' || k === 'repeatMinutes' ? 1 : 0}
            allowDecimal={k === 'deadband'}
            {...form.getInputProps(k)}
            value={form.values[k] ?? ''}
            onChange={(v) => form.setFieldValue(k, v === '' ? null : Number(v))}
          />
        </Grid.Col>
      ))}
      <Grid.Col span={{ base: 12, sm: 6 }}><Textarea label={f('remark')} autosize minRows={2} {...form.getInputProps('remark')} /></Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}><Textarea label={f('remarkEn')} autosize minRows={2} {...form.getInputProps('remarkEn')} /></Grid.Col>
    </Grid>
  );
}

/** The devices list's add/edit form, loaded when its dialog first opens (device.screen.tsx). */
export const deviceForm: ListForm<DeviceValues> = { Body: DeviceForm, schema: deviceSaveSchema, initialValues: INITIAL };
