import { Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { appUserSchema, type AppUserRow } from '@shared/contracts/app';
import type { FormValues } from '@client/components/form/form-values';
import type { FormBodyProps, ListForm } from '@client/components/list-page/list-page';
import { useDictionary } from '@client/lib/dictionary';
import { useStatusOptions } from './status-options';

export type CustomerValues = FormValues<typeof appUserSchema>;
const initialValues: CustomerValues = { name: '', sex: '2', phone: '', idCard: '', email: '', status: 1 };

function CustomerForm({ form }: FormBodyProps<CustomerValues>) {
  const { t } = useTranslation('app');
  const sex = useDictionary('sex');
  const status = useStatusOptions();
  return (
    <Stack gap="sm">
      <TextInput label={t('customers.name')} withAsterisk {...form.getInputProps('name')} />
      <Select label={t('customers.sex')} data={sex.options} allowDeselect={false} {...form.getInputProps('sex')} />
      <TextInput label={t('customers.phone')} {...form.getInputProps('phone')} />
      <TextInput label={t('customers.idCard')} {...form.getInputProps('idCard')} />
      <TextInput label={t('customers.email')} {...form.getInputProps('email')} />
      <Select label={t('customers.status')} data={status} allowDeselect={false} value={form.values.status === null ? null : String(form.values.status)} onChange={(v) => form.setFieldValue('status', v === null ? null : Number(v))} error={form.errors.status} />
    </Stack>
  );
}

/** The customers list's add/edit form, loaded when its dialog first opens (customer.screen.tsx). */
export const customerForm: ListForm<CustomerValues, AppUserRow> = {
  Body: CustomerForm,
  schema: appUserSchema,
  initialValues,
  toFormValues: (row) => ({ name: row.name, sex: row.sex, phone: row.phone, idCard: row.idCard, email: row.email, status: row.status }),
};
