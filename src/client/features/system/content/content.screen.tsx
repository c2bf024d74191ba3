import { Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { DateTimePicker } from '@client/components/form/date-pickers';
import { useTranslation } from 'react-i18next';
import { CONTENT_TYPES, contentSchema, type Content } from '@shared/contracts/content';
import type { FormValues } from '@client/components/form/form-values';
import { ListPage, type FormBodyProps } from '@client/components/list-page/list-page';
import { selectInput } from '@client/components/list-page/query-form';
import { dateTime } from '@client/lib/date-time';
import { localName } from '@shared/local-name';

type Values = FormValues<typeof contentSchema>;
const initialValues: Values = { title: '', titleEn: '', body: '', bodyEn: '', type: 'notice', published: false, fromAt: null, toAt: null };
const when = (v: string | null) => dateTime(v);

function ContentForm({ form }: FormBodyProps<Values>) {
  const { t } = useTranslation('sysadmin');
  return (
    <Stack gap="sm">
      <TextInput label={t('content.name')} withAsterisk {...form.getInputProps('title')} />
      <TextInput label={t('content.nameEn')} {...form.getInputProps('titleEn')} />
      <Select label={t('content.type')} data={CONTENT_TYPES.map((v) => ({ value: v, label: t(`content.types.${v}`) }))} {...form.getInputProps('type')} />
      <Textarea label={t('content.body')} autosize minRows={5} {...form.getInputProps('body')} />
      <Textarea label={t('content.bodyEn')} autosize minRows={3} {...form.getInputProps('bodyEn')} />
      <DateTimePicker label={t('content.fromAt')} clearable valueFormat="YYYY-MM-DD HH:mm" {...form.getInputProps('fromAt')} />
      <DateTimePicker label={t('content.toAt')} clearable valueFormat="YYYY-MM-DD HH:mm" {...form.getInputProps('toAt')} />
      <Switch label={t('content.published')} {...form.getInputProps('published', { type: 'checkbox' })} />
    </Stack>
  );
}

export default function ContentPage() {
  const { t, i18n } = useTranslation('sysadmin');
  return (
    <ListPage<Content, Values>
      key={i18n.language}
      title={t('content.title')}
      resource="content"
      schema={contentSchema}
      initialValues={initialValues}
      formBody={ContentForm}
      toFormValues={(row) => ({ title: row.title, titleEn: row.titleEn, body: row.body, bodyEn: row.bodyEn, type: row.type, published: row.published, fromAt: row.fromAt, toAt: row.toAt })}
      queryFields={[
        { name: 'title', label: t('content.name') },
        {
          name: 'type',
          label: t('content.type'),
          render: selectInput(CONTENT_TYPES.map((v) => ({ value: v, label: t(`content.types.${v}`) }))),
        },
      ]}
      columns={[
        { prop: 'title', label: t('content.name'), render: (row) => localName(row.title, row.titleEn, i18n.language) },
        { prop: 'type', label: t('content.type'), render: (row) => t(`content.types.${row.type}`) },
        { prop: 'published', label: t('content.published'), render: (row) => (row.published ? t('common.yes') : t('common.no')) },
        { prop: 'fromAt', label: t('content.fromAt'), nowrap: true, render: (row) => when(row.fromAt) },
        { prop: 'toAt', label: t('content.toAt'), nowrap: true, render: (row) => when(row.toAt) },
        { prop: 'createdAt', label: t('content.createdAt'), nowrap: true, render: (row) => when(row.createdAt) },
      ]}
    />
  );
}
