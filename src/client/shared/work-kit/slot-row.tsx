import { ActionIcon, Chip, Group, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { WEEKDAYS, type Weekday } from '@shared/local-time';

/**
 * One weekly slot of a form (days, from, to in the project's time zone, shared/local-time.ts): an
 * on-call person's hours (roster-form) or a maintenance window's (window-form). `path` is the slot's
 * place in the form's values.
 */
export function SlotRow<V>({ form, path, slot, onRemove }: { form: UseFormReturnType<V>; path: string; slot: { days: readonly number[]; start: string; end: string }; onRemove: () => void }) {
  const { t } = useTranslation('work');
  const error = form.errors[`${path}.days`] as string | undefined;
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Stack gap={4}>
        <Text size="xs" c="dimmed">{t('oncall.days')}</Text>
        <Chip.Group multiple value={slot.days.map(String)} onChange={(v) => form.setFieldValue(`${path}.days` as never, v.map(Number).sort() as Weekday[] as never)}>
          <Group gap={4}>
            {WEEKDAYS.map((d) => (
              <Chip key={d} value={String(d)} size="xs">{t(`oncall.weekdays.d${d}`)}</Chip>
            ))}
          </Group>
        </Chip.Group>
        {error && <Text size="xs" c="red">{error}</Text>}
      </Stack>
      <TextInput w={80} label={t('oncall.start')} placeholder="08:00" {...form.getInputProps(`${path}.start`)} />
      <TextInput w={80} label={t('oncall.end')} placeholder="18:00" {...form.getInputProps(`${path}.end`)} />
      <ActionIcon variant="subtle" color="red" aria-label={t('oncall.removePerson')} onClick={onRemove}>
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}
