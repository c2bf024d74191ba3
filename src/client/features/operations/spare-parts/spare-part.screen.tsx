import { Grid, NumberInput, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { sparePartSaveSchema, type SparePartRow } from '@shared/contracts/spare-part';
import type { FormValues } from '@client/components/form/form-values';
import { ListPage, type FormBodyProps } from '@client/components/list-page/list-page';
import type { KeyOf, Texts } from '@client/lib/i18n-keys';
import { localColumn } from '../../../shared/work-kit/format';
import { EquipmentPicker } from '../../../shared/work-kit/pickers';


type SparePartValues = FormValues<typeof sparePartSaveSchema>;
const INITIAL: SparePartValues = { equipmentId: null, name: '', partNo: '', quantity: 0, remark: '' };

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
        <NumberInput label={f('quantity')} min={0} allowDecimal={false} {...form.getInputProps('quantity')} value={form.values.quantity ?? ''} />
      </Grid.Col>
      <Grid.Col span={12}><Textarea label={f('remark')} rows={2} {...form.getInputProps('remark')} /></Grid.Col>
    </Grid>
  );
}

/** fall/spare: spare parts kept for each installed unit. */
export default function SparePartsPage() {
  const { t, i18n } = useTranslation('projects');
  const f = (k: KeyOf<Texts['projects']['sparePart']['fields']>) => t(`sparePart.fields.${k}`);
  return (
    <ListPage<SparePartRow, SparePartValues>
      key={i18n.language}
      title={t('sparePart.title')}
      resource="sparePart"
      schema={sparePartSaveSchema}
      initialValues={INITIAL}
      formBody={SparePartForm}
      queryFields={[
        { name: 'keyword', label: f('keyword') },
        { name: 'equipmentId', label: f('equipmentId'), defaultValue: null, render: ({ label, value, onChange }) => <EquipmentPicker projectId={null} label={label} value={(value as number | null) ?? null} onChange={onChange} /> },
      ]}
      columns={[
        localColumn<SparePartRow>('equipmentName', f('equipmentName'), i18n.language),
        { prop: 'name', label: f('name') },
        { prop: 'partNo', label: f('partNo') },
        { prop: 'quantity', label: f('quantity'), align: 'right' },
        { prop: 'remark', label: f('remark') },
      ]}
    />
  );
}
