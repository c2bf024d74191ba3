import { Grid, NumberInput, SegmentedControl, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ORDER_PRIORITIES } from '@shared/contracts/order';
import { PM_CALENDAR_FROM, PM_CALENDAR_UNITS, PM_METER_KINDS, PM_METER_SIGNALS, PM_SEASON_WHEN, PM_TARGETS, PM_TRIGGERS, pmPlanSaveSchema, type PmPlanRow, type PmTrigger } from '@shared/contracts/pm-plan';
import { CHANNEL_COUNT } from '@shared/contracts/detect';
import type { FormValues } from '@client/components/form/form-values';
import { DateInput } from '@client/components/form/date-pickers';
import type { FormBodyProps, ListForm } from '@client/components/list-page/list-page';
import { RemoteSelect } from '@client/components/select/remote-select';
import { keysOf } from '@client/lib/resource-keys';
import { ChecklistPicker, DevicePicker, EquipmentPicker, ProjectPicker } from '../../../shared/work-kit/pickers';
import { fetchBoardOptions } from './pm-plan-api';

export type PmPlanValues = FormValues<typeof pmPlanSaveSchema>;
type Calendar = NonNullable<PmPlanValues['calendar']>;
type Meter = NonNullable<PmPlanValues['meter']>;
type Season = NonNullable<PmPlanValues['season']>;

const today = () => new Date().toISOString().slice(0, 10);
/** What a trigger starts with when it is chosen: the commonest of each (fountain makers' weekly round, a pump serviced at 2,000 h, winterisation two weeks ahead). */
const START: { calendar: () => Calendar; meter: () => Meter; season: () => Season } = {
  calendar: () => ({ unit: 'week', every: 1, weekday: null, startDate: today(), from: 'completion' }),
  meter: () => ({ kind: 'hours', detectId: 0, ch: 1, signal: 'switch', runAbove: null, limit: 2000, initial: 0 }),
  season: () => ({ when: 'end', days: 14 }),
};
const INITIAL: PmPlanValues = {
  projectId: null, name: '', nameEn: '', target: 'project', equipmentId: null, deviceId: null, checklistId: null, priority: 'normal', leadDays: 3,
  calendar: START.calendar(), meter: null, season: null, remark: '',
};

const triggerOf = (v: PmPlanValues): PmTrigger => PM_TRIGGERS.find((k) => v[k]) ?? 'calendar';
/** A number input's value; empty is NaN, which the contract refuses with the field's own message. */
/** What a number input shows of a value: nothing for empty. */
const shown = (n: number | null | undefined) => (n === null || n === undefined || Number.isNaN(n) ? '' : n);
const num = (v: string | number) => (typeof v === 'number' ? v : Number.NaN);

/** A plan's fields, once for add and edit: what it covers, its order's checklist and priority, the lead, and exactly one trigger. */
function PmPlanForm({ form }: FormBodyProps<PmPlanValues>) {
  const { t, i18n } = useTranslation('plans');
  const v = form.values;
  const trigger = triggerOf(v);
  const error = (path: string) => form.errors[path] as string | undefined;
  const choose = (next: PmTrigger) =>
    form.setValues({ calendar: next === 'calendar' ? (v.calendar ?? START.calendar()) : null, meter: next === 'meter' ? (v.meter ?? START.meter()) : null, season: next === 'season' ? (v.season ?? START.season()) : null, ...(next === 'meter' ? { target: 'unit' as const } : {}) });
  const options = <T extends string>(values: readonly T[], label: (x: T) => string) => values.map((value) => ({ value, label: label(value) }));
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <ProjectPicker label={t('projectId')} value={v.projectId} onChange={(id) => form.setFieldValue('projectId', id)} error={error('projectId')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 3 }}>
        <TextInput label={t('name')} withAsterisk {...form.getInputProps('name')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 3 }}>
        <TextInput label={t('nameEn')} {...form.getInputProps('nameEn')} />
      </Grid.Col>
      <Grid.Col span={12}>
        <Stack gap={4}>
          <Text size="sm" fw={500}>{t('target')}</Text>
          <SegmentedControl data={options(PM_TARGETS, (x) => t(`targets.${x}`))} value={v.target} onChange={(x) => form.setFieldValue('target', x as PmPlanValues['target'])} />
          {error('target') && <Text size="sm" c="red">{error('target')}</Text>}
          <Text size="xs" c="dimmed">{t('targetHint')}</Text>
        </Stack>
      </Grid.Col>
      {v.target === 'unit' && (
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <EquipmentPicker label={t('equipmentId')} projectId={v.projectId} value={v.equipmentId} onChange={(id) => form.setFieldValue('equipmentId', id)} error={error('equipmentId')} />
        </Grid.Col>
      )}
      {v.target === 'model' && (
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <DevicePicker label={t('deviceId')} value={v.deviceId} onChange={(id) => form.setFieldValue('deviceId', id)} error={error('deviceId')} />
        </Grid.Col>
      )}
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <ChecklistPicker label={t('checklistId')} value={v.checklistId} onChange={(id) => form.setFieldValue('checklistId', id)} error={error('checklistId')} />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 3 }}>
        <Select label={t('priority')} allowDeselect={false} data={options(ORDER_PRIORITIES, (x) => t(`priorities.${x}`))} {...form.getInputProps('priority')} />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 3 }}>
        <NumberInput label={t('leadDays')} description={t('leadHint')} min={0} max={366} value={shown(v.leadDays)} error={error('leadDays')} onChange={(x) => form.setFieldValue('leadDays', typeof x === 'number' ? x : null)} />
      </Grid.Col>
      <Grid.Col span={12}>
        <Stack gap={4}>
          <Text size="sm" fw={500}>{t('trigger')}</Text>
          <SegmentedControl data={options(PM_TRIGGERS, (x) => t(`triggers.${x}`))} value={trigger} onChange={(x) => choose(x as PmTrigger)} />
          {error('trigger') && <Text size="sm" c="red">{error('trigger')}</Text>}
        </Stack>
      </Grid.Col>
      {v.calendar && (
        <>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select label={t('calendar.unit')} allowDeselect={false} data={options(PM_CALENDAR_UNITS, (x) => t(`calendar.units.${x}`))} {...form.getInputProps('calendar.unit')} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 2 }}>
            <NumberInput label={t('calendar.every')} min={1} max={366} value={shown(v.calendar.every)} error={error('calendar.every')} onChange={(x) => form.setFieldValue('calendar.every', num(x))} />
          </Grid.Col>
          {v.calendar.unit === 'weekday' && (
            <Grid.Col span={{ base: 6, sm: 2 }}>
              <Select
                label={t('calendar.weekday')}
                data={[1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: String(d), label: t(`weekdays.d${d as 1 | 2 | 3 | 4 | 5 | 6 | 7}`) }))}
                value={v.calendar.weekday ? String(v.calendar.weekday) : null}
                error={error('calendar.weekday')}
                onChange={(x) => form.setFieldValue('calendar.weekday', x ? Number(x) : null)}
              />
            </Grid.Col>
          )}
          <Grid.Col span={{ base: 6, sm: 4 }}>
            <DateInput label={t('calendar.startDate')} withAsterisk valueFormat="YYYY-MM-DD" {...form.getInputProps('calendar.startDate')} />
          </Grid.Col>
          <Grid.Col span={12}>
            <SegmentedControl data={options(PM_CALENDAR_FROM, (x) => t(`calendar.froms.${x}`))} value={v.calendar.from} onChange={(x) => form.setFieldValue('calendar.from', x as Calendar['from'])} />
          </Grid.Col>
        </>
      )}
      {v.meter && (
        <>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select label={t('meter.kind')} allowDeselect={false} data={options(PM_METER_KINDS, (x) => t(`meter.kinds.${x}`))} {...form.getInputProps('meter.kind')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <RemoteSelect
              label={t('meter.detectId')}
              value={v.meter.detectId ? String(v.meter.detectId) : null}
              onChange={(x) => form.setFieldValue('meter.detectId', x ? Number(x) : 0)}
              error={error('meter.detectId')}
              loader={(search) => fetchBoardOptions(v.projectId ?? null, search)}
              queryKey={keysOf('detect').options(v.projectId ?? null, i18n.language)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <Select
              label={t('meter.ch')}
              allowDeselect={false}
              data={Array.from({ length: CHANNEL_COUNT }, (_, n) => ({ value: String(n + 1), label: `CH${n + 1}` }))}
              value={v.meter.ch ? String(v.meter.ch) : null}
              error={error('meter.ch')}
              onChange={(x) => form.setFieldValue('meter.ch', x ? Number(x) : 1)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select label={t('meter.signal')} allowDeselect={false} data={options(PM_METER_SIGNALS, (x) => t(`meter.signals.${x}`))} {...form.getInputProps('meter.signal')} />
          </Grid.Col>
          {v.meter.signal === 'analog' && (
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <NumberInput label={t('meter.runAbove')} value={shown(v.meter.runAbove)} error={error('meter.runAbove')} onChange={(x) => form.setFieldValue('meter.runAbove', typeof x === 'number' ? x : null)} />
            </Grid.Col>
          )}
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <NumberInput label={t('meter.limit')} withAsterisk value={shown(v.meter.limit)} error={error('meter.limit')} onChange={(x) => form.setFieldValue('meter.limit', num(x))} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 2 }}>
            <NumberInput label={t('meter.initial')} min={0} value={shown(v.meter.initial)} error={error('meter.initial')} onChange={(x) => form.setFieldValue('meter.initial', typeof x === 'number' ? x : 0)} />
          </Grid.Col>
        </>
      )}
      {v.season && (
        <>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <Select label={t('season.when')} allowDeselect={false} data={options(PM_SEASON_WHEN, (x) => t(`season.whens.${x}`))} {...form.getInputProps('season.when')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <NumberInput label={t('season.days')} min={0} max={366} value={shown(v.season.days)} error={error('season.days')} onChange={(x) => form.setFieldValue('season.days', num(x))} />
          </Grid.Col>
        </>
      )}
      <Grid.Col span={12}>
        <Textarea label={t('remark')} autosize minRows={2} {...form.getInputProps('remark')} />
      </Grid.Col>
    </Grid>
  );
}

/** The plan's add/edit form, loaded when its dialog first opens (pm-plan.screen.tsx). */
export const pmPlanForm: ListForm<PmPlanValues, PmPlanRow> = {
  Body: PmPlanForm,
  schema: pmPlanSaveSchema,
  initialValues: INITIAL,
  toFormValues: (row) => ({
    projectId: row.projectId,
    name: row.name,
    nameEn: row.nameEn,
    target: row.target,
    equipmentId: row.equipmentId,
    deviceId: row.deviceId,
    checklistId: row.checklistId,
    priority: row.priority,
    leadDays: row.leadDays,
    calendar: row.calendar ? { ...row.calendar, weekday: row.calendar.weekday ?? null } : null,
    meter: row.meter ? { ...row.meter, runAbove: row.meter.runAbove ?? null, initial: row.meter.initial ?? 0 } : null,
    season: row.season,
    remark: row.remark,
  }),
};
