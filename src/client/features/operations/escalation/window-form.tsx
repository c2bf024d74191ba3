import { Button, Grid, Group, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { windowSaveSchema, type WindowRow } from '@shared/contracts/alarm-window';
import type { Weekday } from '@shared/local-time';
import type { FormValues } from '@client/components/form/form-values';
import { DateInput } from '@client/components/form/date-pickers';
import type { FormBodyProps, ListForm } from '@client/components/list-page/list-page';
import { ProjectPicker } from '../../../shared/work-kit/pickers';
import { SlotRow } from '../../../shared/work-kit/slot-row';

export type WindowValues = FormValues<typeof windowSaveSchema>;
type Slot = NonNullable<WindowValues['slots']>[number];

/** A night's cleaning round, every day: the first slot a new weekly window offers. */
const NIGHTLY: Slot = { days: [1, 2, 3, 4, 5, 6, 7], start: '01:00', end: '05:00' };
const INITIAL: WindowValues = { projectId: null, name: '', kind: 'weekly', slots: [{ ...NIGHTLY, days: [...NIGHTLY.days] }], dateFrom: null, dateTo: null, reason: '' };

function WindowForm({ form }: FormBodyProps<WindowValues>) {
  const { t } = useTranslation('work');
  const slots = form.values.slots ?? [];
  const error = (path: string) => form.errors[path] as string | undefined;
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <ProjectPicker label={t('window.projectId')} value={form.values.projectId} onChange={(v) => form.setFieldValue('projectId', v)} error={error('projectId')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('window.name')} withAsterisk placeholder={t('window.namePlaceholder')} {...form.getInputProps('name')} />
      </Grid.Col>
      <Grid.Col span={12}>
        <Stack gap={4}>
          <Text size="sm" fw={500}>{t('window.kind')}</Text>
          <SegmentedControl
            data={[
              { value: 'weekly', label: t('window.kinds.weekly') },
              { value: 'dates', label: t('window.kinds.dates') },
            ]}
            value={form.values.kind}
            onChange={(v) => form.setFieldValue('kind', v as WindowValues['kind'])}
          />
          <Text size="xs" c="dimmed">{t('window.zoneHint')}</Text>
        </Stack>
      </Grid.Col>
      {form.values.kind === 'weekly' ? (
        <Grid.Col span={12}>
          <Stack gap="xs">
            {error('slots') && <Text size="sm" c="red">{error('slots')}</Text>}
            {slots.map((slot, s) => (
              <SlotRow key={s} form={form} path={`slots.${s}`} slot={slot} onRemove={() => form.removeListItem('slots', s)} />
            ))}
            <Group>
              <Button size="xs" variant="subtle" leftSection={<IconPlus size={14} />} onClick={() => form.insertListItem('slots', { ...NIGHTLY, days: [...NIGHTLY.days] })}>
                {t('oncall.addHours')}
              </Button>
            </Group>
            <Text size="xs" c="dimmed">{t('oncall.endHint')}</Text>
          </Stack>
        </Grid.Col>
      ) : (
        <>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <DateInput label={t('window.dateFrom')} withAsterisk valueFormat="YYYY-MM-DD" {...form.getInputProps('dateFrom')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <DateInput label={t('window.dateTo')} withAsterisk valueFormat="YYYY-MM-DD" minDate={form.values.dateFrom ?? undefined} {...form.getInputProps('dateTo')} />
          </Grid.Col>
          <Grid.Col span={12}>
            <Text size="xs" c="dimmed">{t('window.datesHint')}</Text>
          </Grid.Col>
        </>
      )}
      <Grid.Col span={12}>
        <Textarea label={t('window.reason')} autosize minRows={2} {...form.getInputProps('reason')} />
      </Grid.Col>
    </Grid>
  );
}

/** The maintenance windows list's add/edit form, loaded when its dialog first opens (alarm-window.screen.tsx). */
export const windowForm: ListForm<WindowValues, WindowRow> = {
  Body: WindowForm,
  schema: windowSaveSchema,
  initialValues: INITIAL,
  toFormValues: (row) => ({
    projectId: row.projectId,
    name: row.name,
    kind: row.kind,
    slots: row.kind === 'weekly' ? row.slots.map((s) => ({ ...s, days: s.days as Weekday[] })) : [{ ...NIGHTLY, days: [...NIGHTLY.days] }],
    dateFrom: row.dateFrom,
    dateTo: row.dateTo,
    reason: row.reason,
  }),
};
