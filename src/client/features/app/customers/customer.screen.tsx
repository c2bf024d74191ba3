import { Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { appUserSchema, type AppUserRow } from '@shared/contracts/app';
import type { FormValues } from '@client/components/form/form-values';
import { ListPage, type FormBodyProps } from '@client/components/list-page/list-page';
import { selectInput } from '@client/components/list-page/query-form';
import { SexTag } from '@client/components/tags/sex-tag';
import { StatusTag } from '@client/components/tags/status-tag';
import { useDictionary } from '@client/lib/dictionary';
import { useStatusOptions } from './status-options';
import { dateTime } from '@client/lib/date-time';

type Values = FormValues<typeof appUserSchema>;
const initialValues: Values = { name: '', sex: '2', phone: '', idCard: '', email: '', status: 1 };

function CustomerForm({ form }: FormBodyProps<Values>) {
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

/** app/user: customer accounts. */
export default function CustomersPage() {
  const { t, i18n } = useTranslation('app');
  const sex = useDictionary('sex');
  const status = useStatusOptions();
  return (
    <ListPage<AppUserRow, Values>
      key={i18n.language}
      title={t('customers.title')}
      resource="customer"
      schema={appUserSchema}
      initialValues={initialValues}
      formBody={CustomerForm}
      toFormValues={(row) => ({ name: row.name, sex: row.sex, phone: row.phone, idCard: row.idCard, email: row.email, status: row.status })}
      queryFields={[
        { name: 'name', label: t('customers.name') },
        { name: 'phone', label: t('customers.phone') },
        {
          name: 'sex',
          label: t('customers.sex'),
          render: selectInput(sex.options),
        },
        {
          name: 'status',
          label: t('customers.status'),
          render: selectInput(status),
        },
      ]}
      columns={[
        { prop: 'name', label: t('customers.name') },
        { prop: 'sex', label: t('customers.sex'), render: (row) => <SexTag value={row.sex} /> },
        { prop: 'phone', label: t('customers.phone') },
        { prop: 'idCard', label: t('customers.idCard') },
        { prop: 'email', label: t('customers.email') },
        { prop: 'status', label: t('customers.status'), render: (row) => <StatusTag kind="userStatus" value={row.status} /> },
        { prop: 'createdAt', label: t('customers.createdAt'), nowrap: true, render: (row) => dateTime(row.createdAt) },
      ]}
    />
  );
}
