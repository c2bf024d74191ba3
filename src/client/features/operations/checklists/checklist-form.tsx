import { ActionIcon, Button, Card, Checkbox, Grid, Group, NumberInput, Select, Stack, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CheckItemType } from '@shared/checklist';
import { checklistSaveSchema, type ChecklistRow } from '@shared/contracts/checklist';
import type { FormValues } from '@client/components/form/form-values';
import type { FormBodyProps, ListForm } from '@client/components/list-page/list-page';

export type ChecklistValues = FormValues<typeof checklistSaveSchema>;
type Item = ChecklistValues['items'][number];

/** The types as the picker lists them: the commonest first (a round is mostly checks and notes). */
const TYPE_ORDER: readonly CheckItemType[] = ['check', 'text', 'number', 'choice', 'photo', 'signature'];

const newItem = (n: number, type: CheckItemType = 'check'): Item => ({ key: `item${n}`, type, label: '', labelEn: '', required: true, unit: '', limited: true, min: null, max: null, options: [] });
const INITIAL: ChecklistValues = { name: '', nameEn: '', remark: '', items: [newItem(1)] };

/** One item of the template: its type, key and labels, and what its type reads. */
function ItemEditor({ form, index, count }: { form: FormBodyProps<ChecklistValues>['form']; index: number; count: number }) {
  const { t } = useTranslation('work');
  const item = form.values.items[index];
  const path = (f: string) => `items.${index}.${f}`;
  const error = (f: string) => form.errors[path(f)] as string | undefined;
  return (
    <Card withBorder padding="xs" data-item-index={index}>
      <Grid gap="xs">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Select
            label={t('checklist.type')}
            allowDeselect={false}
            data={TYPE_ORDER.map((value) => ({ value, label: t(`checklist.types.${value}`) }))}
            value={item.type}
            onChange={(v) => form.setFieldValue(path('type'), v as CheckItemType)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput label={t('checklist.label')} withAsterisk {...form.getInputProps(path('label'))} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput label={t('checklist.labelEn')} {...form.getInputProps(path('labelEn'))} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput label={t('checklist.key')} description={t('checklist.keyHint')} {...form.getInputProps(path('key'))} />
        </Grid.Col>
        {item.type === 'number' && (
          <>
            <Grid.Col span={{ base: 6, sm: 2 }}>
              <TextInput label={t('checklist.unit')} placeholder="bar" {...form.getInputProps(path('unit'))} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 2 }}>
              <NumberInput label={t('checklist.min')} value={item.min ?? ''} error={error('min')} onChange={(v) => form.setFieldValue(path('min'), typeof v === 'number' ? v : null)} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 2 }}>
              <NumberInput label={t('checklist.max')} value={item.max ?? ''} error={error('max')} onChange={(v) => form.setFieldValue(path('max'), typeof v === 'number' ? v : null)} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 2 }} pt={30}>
              <Checkbox label={t('checklist.limited')} checked={item.limited !== false} onChange={(e) => form.setFieldValue(path('limited'), e.currentTarget.checked)} />
            </Grid.Col>
          </>
        )}
        {item.type === 'choice' && (
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <TagsInput label={t('checklist.options')} description={t('checklist.optionsHint')} value={item.options ?? []} error={error('options')} onChange={(v) => form.setFieldValue(path('options'), v)} />
          </Grid.Col>
        )}
        <Grid.Col span={12}>
          <Group justify="space-between">
            <Checkbox label={t('checklist.required')} checked={item.required !== false} onChange={(e) => form.setFieldValue(path('required'), e.currentTarget.checked)} />
            <Group gap={4}>
              <ActionIcon variant="subtle" aria-label={t('checklist.moveUp')} disabled={index === 0} onClick={() => form.reorderListItem('items', { from: index, to: index - 1 })}>
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon variant="subtle" aria-label={t('checklist.moveDown')} disabled={index === count - 1} onClick={() => form.reorderListItem('items', { from: index, to: index + 1 })}>
                <IconArrowDown size={16} />
              </ActionIcon>
              <ActionIcon variant="subtle" color="red" aria-label={t('checklist.removeItem')} disabled={count === 1} onClick={() => form.removeListItem('items', index)}>
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Group>
        </Grid.Col>
      </Grid>
    </Card>
  );
}

function ChecklistForm({ form }: FormBodyProps<ChecklistValues>) {
  const { t } = useTranslation('work');
  const items = form.values.items;
  const nextKey = () => {
    const taken = new Set(items.map((i) => i.key));
    let n = items.length + 1;
    while (taken.has(`item${n}`)) n += 1;
    return n;
  };
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('checklist.name')} withAsterisk {...form.getInputProps('name')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('checklist.nameEn')} {...form.getInputProps('nameEn')} />
      </Grid.Col>
      <Grid.Col span={12}>
        <Stack gap="xs">
          <Text size="sm" fw={500}>{t('checklist.items')}</Text>
          {typeof form.errors.items === 'string' && <Text size="sm" c="red">{form.errors.items}</Text>}
          {items.map((_, i) => (
            <ItemEditor key={i} form={form} index={i} count={items.length} />
          ))}
          <Group>
            <Button size="xs" variant="subtle" leftSection={<IconPlus size={14} />} onClick={() => form.insertListItem('items', newItem(nextKey()))}>
              {t('checklist.addItem')}
            </Button>
          </Group>
        </Stack>
      </Grid.Col>
      <Grid.Col span={12}>
        <Textarea label={t('checklist.remark')} autosize minRows={2} {...form.getInputProps('remark')} />
      </Grid.Col>
    </Grid>
  );
}

/** The checklist template's add/edit form, loaded when its dialog first opens (checklist.screen.tsx). */
export const checklistForm: ListForm<ChecklistValues, ChecklistRow> = {
  Body: ChecklistForm,
  schema: checklistSaveSchema,
  initialValues: INITIAL,
  toFormValues: (row) => ({
    name: row.name,
    nameEn: row.nameEn,
    remark: row.remark,
    items: row.items.map((i) => ({ ...newItem(0, i.type), ...i, min: i.min ?? null, max: i.max ?? null, options: i.options ?? [], unit: i.unit ?? '', limited: i.limited !== false })),
  }),
};
