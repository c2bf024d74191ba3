import { Grid, NumberInput, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { sparePartSaveSchema } from '@shared/contracts/spare-part';
import type { FormValues } from '@client/components/form/form-values';
import type { FormBodyProps, ListForm } from '@client/components/list-page/list-page';
import type { KeyOf, Texts } from '@client/lib/i18n-keys';
import { EquipmentPicker } from '../../../shared/work-kit/pickers';

export type SparePartValues = FormValues<typeof sparePartSaveSchema>;
const INITIAL: SparePartValues = { equipmentId: null, name: '', partNo: '', unitCost: 0, reorderPoint: null, remark: '' };

function SparePartForm({ form }: FormBodyProps<SparePartValues>) {
  const { t } = useTranslation('projects');
  const f = (k: KeyOf<Texts['projects']['sparePart']['fields']>) => t(`sparePart.fields.${k}`);
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <EquipmentPicker projectId={null} label={f('equipmentId')} value={form.values.equipmentId} onChange={(v) => form.setFieldValue('equipmentId', v)} error={form.errors.equipmentId as string | undefined} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}><TextInput label={f('name')} withAsterisk {...form.getInputProps('name')} /></Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}><TextInput label={f('partNo')} {...form.getInputProps('partNo')} /></Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <NumberInput label={f('unitCost')} min={0} decimalScale={2} {...form.getInputProps('unitCost')} value={form.values.unitCost ?? ''} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        {/* Empty: the part is never reordered. The count on hand moves only with stock moves (库存流水 / Stock moves). */}
        <NumberInput label={f('reorderPoint')} description={f('reorderPointHint')} min={0} allowDecimal={false} {...form.getInputProps('reorderPoint')} value={form.values.reorderPoint ?? ''} onChange={(v) => form.setFieldValue('reorderPoint', v === '' ? null : Number(v))} />
      </Grid.Col>
      <Grid.Col span={12}><Textarea label={f('remark')} rows={2} {...form.getInputProps('remark')} /></Grid.Col>
    </Grid>
  );
}

/** The spare parts list's add/edit form, loaded when its dialog first opens (spare-part.screen.tsx). */
export const sparePartForm: ListForm<SparePartValues> = { Body: SparePartForm, schema: sparePartSaveSchema, initialValues: INITIAL };
