import { Button, Grid, Group, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { calendarSaveSchema, type CalendarRow } from '@shared/contracts/calendar';
import type { Weekday } from '@shared/local-time';
import type { FormValues } from '@client/components/form/form-values';
import { DateInput } from '@client/components/form/date-pickers';
import type { FormBodyProps, ListForm } from '@client/components/list-page/list-page';
import { ProjectPicker } from '../../../shared/work-kit/pickers';
import { SlotRow } from '../../../shared/work-kit/slot-row';

export type CalendarValues = FormValues<typeof calendarSaveSchema>;
type Slot = NonNullable<CalendarValues['slots']>[number];

/** The evening show, every day: the first slot a new programme offers. */
const EVENING: Slot = { days: [1, 2, 3, 4, 5, 6, 7], start: '19:00', end: '21:00' };
const evening = (): Slot => ({ ...EVENING, days: [...EVENING.days] });
const INITIAL: CalendarValues = { projectId: null, kind: 'programme', name: '', slots: [evening()], dateFrom: null, dateTo: null, timeFrom: null, timeTo: null, remark: '' };

function CalendarForm({ form }: FormBodyProps<CalendarValues>) {
  const { t } = useTranslation('work');
  const kind = form.values.kind;
  const slots = form.values.slots ?? [];
  const error = (path: string) => form.errors[path] as string | undefined;
  const dates = (required: boolean) => (
    <>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <DateInput label={t(kind === 'event' ? 'calendar.date' : 'calendar.dateFrom')} withAsterisk={required} clearable={!required} valueFormat="YYYY-MM-DD" {...form.getInputProps('dateFrom')} />
      </Grid.Col>
      {kind !== 'event' && (
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <DateInput label={t('calendar.dateTo')} withAsterisk={required} clearable={!required} valueFormat="YYYY-MM-DD" minDate={form.values.dateFrom ?? undefined} {...form.getInputProps('dateTo')} />
        </Grid.Col>
      )}
    </>
  );
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <ProjectPicker label={t('calendar.projectId')} value={form.values.projectId} onChange={(v) => form.setFieldValue('projectId', v)} error={error('projectId')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('calendar.name')} withAsterisk placeholder={t(`calendar.placeholders.${kind}`)} {...form.getInputProps('name')} />
      </Grid.Col>
      <Grid.Col span={12}>
        <Stack gap={4}>
          <Text size="sm" fw={500}>{t('calendar.kind')}</Text>
          <SegmentedControl
            data={(['programme', 'season', 'holiday', 'event'] as const).map((value) => ({ value, label: t(`calendar.kinds.${value}`) }))}
            value={kind}
            onChange={(v) => form.setFieldValue('kind', v as CalendarValues['kind'])}
          />
          <Text size="xs" c="dimmed">{t(`calendar.hints.${kind}`)}</Text>
        </Stack>
      </Grid.Col>
      {kind === 'programme' && (
        <Grid.Col span={12}>
          <Stack gap="xs">
            {error('slots') && <Text size="sm" c="red">{error('slots')}</Text>}
            {slots.map((slot, s) => (
              <SlotRow key={s} form={form} path={`slots.${s}`} slot={slot} onRemove={() => form.removeListItem('slots', s)} />
            ))}
            <Group>
              <Button size="xs" variant="subtle" leftSection={<IconPlus size={14} />} onClick={() => form.insertListItem('slots', evening())}>
                {t('calendar.addShow')}
              </Button>
            </Group>
            <Text size="xs" c="dimmed">{t('oncall.endHint')}</Text>
          </Stack>
        </Grid.Col>
      )}
      {dates(kind !== 'programme')}
      {kind === 'event' && (
        <>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput label={t('oncall.start')} withAsterisk placeholder="20:00" {...form.getInputProps('timeFrom')} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput label={t('oncall.end')} withAsterisk placeholder="21:30" {...form.getInputProps('timeTo')} />
          </Grid.Col>
        </>
      )}
      <Grid.Col span={12}>
        <Textarea label={t('calendar.remark')} autosize minRows={2} {...form.getInputProps('remark')} />
      </Grid.Col>
    </Grid>
  );
}

/** The operating calendar's add/edit form, loaded when its dialog first opens (calendar.screen.tsx). */
export const calendarForm: ListForm<CalendarValues, CalendarRow> = {
  Body: CalendarForm,
  schema: calendarSaveSchema,
  initialValues: INITIAL,
  toFormValues: (row) => ({
    projectId: row.projectId,
    kind: row.kind,
    name: row.name,
    slots: row.kind === 'programme' ? row.slots.map((s) => ({ ...s, days: s.days as Weekday[] })) : [evening()],
    dateFrom: row.dateFrom,
    dateTo: row.dateTo,
    timeFrom: row.timeFrom,
    timeTo: row.timeTo,
    remark: row.remark,
  }),
};
