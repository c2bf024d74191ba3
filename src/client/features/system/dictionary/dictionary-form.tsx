import { ColorSwatch, Group, NumberInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DICT_COLORS, dictionaryItemSchema } from '@shared/contracts/dictionary';
import type { TagColor } from '@shared/dictionaries';
import type { FormValues } from '@client/components/form/form-values';
import type { FormBodyProps, ListForm } from '@client/components/list-page/list-page';
import { TAG_COLOR_TO_MANTINE } from '@client/components/tags/tag-colors';
import { useTypeOptions } from './dictionary-types';

export type DictionaryValues = FormValues<typeof dictionaryItemSchema>;
const initialValues: DictionaryValues = { type: '', label: '', labelEn: '', value: '', color: '', sort: 0, status: 1 };

function DictionaryForm({ form }: FormBodyProps<DictionaryValues>) {
  const { t } = useTranslation('sysadmin');
  const types = useTypeOptions();
  return (
    <Stack gap="sm">
      <Select label={t('dictionary.type')} data={types} searchable withAsterisk {...form.getInputProps('type')} />
      <TextInput label={t('dictionary.label')} withAsterisk {...form.getInputProps('label')} />
      <TextInput label={t('dictionary.labelEn')} {...form.getInputProps('labelEn')} />
      <TextInput label={t('dictionary.value')} withAsterisk {...form.getInputProps('value')} />
      <Select
        label={t('dictionary.color')}
        data={DICT_COLORS.map((c) => ({ value: c, label: c || '—' }))}
        renderOption={({ option }) => (
          <Group gap="xs">
            {option.value && <ColorSwatch size={12} color={`var(--mantine-color-${TAG_COLOR_TO_MANTINE[option.value as TagColor]}-6)`} />}
            {option.label}
          </Group>
        )}
        {...form.getInputProps('color')}
      />
      <NumberInput label={t('dictionary.sort')} min={0} {...form.getInputProps('sort')} />
      <Switch
        label={t('dictionary.status')}
        checked={form.values.status === 1}
        onChange={(e) => form.setFieldValue('status', e.currentTarget.checked ? 1 : 0)}
      />
    </Stack>
  );
}

/** The dictionary list's add/edit form, loaded when its dialog first opens (dictionary.screen.tsx). */
export const dictionaryForm: ListForm<DictionaryValues> = { Body: DictionaryForm, schema: dictionaryItemSchema, initialValues };
