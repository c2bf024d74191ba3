import { Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateTimePicker } from '@client/components/form/date-pickers';
import { CONTENT_TYPES, contentSchema, type Content } from '@shared/contracts/content';
import type { FormValues } from '@client/components/form/form-values';
import type { FormBodyProps, ListForm } from '@client/components/list-page/list-page';

export type ContentValues = FormValues<typeof contentSchema>;
const initialValues: ContentValues = { title: '', titleEn: '', body: '', bodyEn: '', type: 'notice', published: false, fromAt: null, toAt: null };

function ContentForm({ form }: FormBodyProps<ContentValues>) {
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

/** The content list's add/edit form, loaded when its dialog first opens (content.screen.tsx). */
export const contentForm: ListForm<ContentValues, Content> = {
  Body: ContentForm,
  schema: contentSchema,
  initialValues,
  toFormValues: (row) => ({ title: row.title, titleEn: row.titleEn, body: row.body, bodyEn: row.bodyEn, type: row.type, published: row.published, fromAt: row.fromAt, toAt: row.toAt }),
};
