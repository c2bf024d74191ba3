import { Grid, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { storeSaveSchema } from '@shared/contracts/stock';
import type { FormValues } from '@client/components/form/form-values';
import type { FormBodyProps, ListForm } from '@client/components/list-page/list-page';
import type { KeyOf, Texts } from '@client/lib/i18n-keys';
import { ProjectPicker } from '../../../shared/work-kit/pickers';

export type StoreValues = FormValues<typeof storeSaveSchema>;
const INITIAL: StoreValues = { projectId: null, name: '', nameEn: '', remark: '' };

function StoreForm({ form }: FormBodyProps<StoreValues>) {
  const { t } = useTranslation('stock');
  const f = (k: KeyOf<Texts['stock']['store']['fields']>) => t(`store.fields.${k}`);
  return (
    <Grid gap="sm">
      <Grid.Col span={12}>
        <ProjectPicker label={f('projectId')} value={form.values.projectId} onChange={(v) => form.setFieldValue('projectId', v)} error={form.errors.projectId as string | undefined} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}><TextInput label={f('name')} withAsterisk {...form.getInputProps('name')} /></Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}><TextInput label={f('nameEn')} {...form.getInputProps('nameEn')} /></Grid.Col>
      <Grid.Col span={12}><Textarea label={f('remark')} rows={2} {...form.getInputProps('remark')} /></Grid.Col>
    </Grid>
  );
}

/** The stores list's add/edit form (store.screen.tsx). */
export const storeForm: ListForm<StoreValues> = { Body: StoreForm, schema: storeSaveSchema, initialValues: INITIAL };
