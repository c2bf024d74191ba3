import { ActionIcon, Button, Divider, Grid, Group, NumberInput, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { rosterSaveSchema, type RosterRow } from '@shared/contracts/oncall';
import type { Weekday } from '@shared/local-time';
import type { FormValues } from '@client/components/form/form-values';
import type { FormBodyProps, ListForm } from '@client/components/list-page/list-page';
import { RemoteSelect } from '@client/components/select/remote-select';
import { ProjectPicker } from '../../../shared/work-kit/pickers';
import { emailOfOffered, fetchRosterUsers, rosterUsersKey } from './oncall-api';
import { SlotRow } from '../../../shared/work-kit/slot-row';

export type RosterValues = FormValues<typeof rosterSaveSchema>;
type Person = RosterValues['people'][number];
type Slot = Person['slots'][number];

const WORKWEEK: Slot = { days: [1, 2, 3, 4, 5], start: '08:00', end: '18:00' };
const newPerson = (): Person => ({ userId: 0, email: '', webhook: '', slots: [{ ...WORKWEEK, days: [...WORKWEEK.days] }] });
const INITIAL: RosterValues = { projectId: null, name: '', tier: 1, people: [newPerson()], overrides: [] };

const err = (form: FormBodyProps<RosterValues>['form'], path: string) => form.errors[path] as string | undefined;

function RosterForm(props: FormBodyProps<RosterValues>) {
  const { form, mode } = props;
  const { t, i18n } = useTranslation('work');
  const people = form.values.people;
  const overrides = form.values.overrides ?? [];
  // The same options the person pickers load (one cache entry), to name the people in the overrides.
  const users = useQuery({ queryKey: [...rosterUsersKey(i18n.language), { search: '' }], queryFn: () => fetchRosterUsers('', i18n.language) });
  const nameOf = (userId: number, p: number) => users.data?.find((u) => u.value === String(userId))?.label ?? `${t('oncall.person')} ${p + 1}`;
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <ProjectPicker label={t('oncall.projectId')} value={form.values.projectId} onChange={(v) => form.setFieldValue('projectId', v)} error={err(form, 'projectId')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}><TextInput label={t('oncall.name')} withAsterisk {...form.getInputProps('name')} /></Grid.Col>
      <Grid.Col span={{ base: 12, sm: 2 }}>
        <NumberInput label={t('oncall.tier')} withAsterisk min={1} max={9} allowDecimal={false} {...form.getInputProps('tier')} value={form.values.tier ?? ''} />
      </Grid.Col>
      <Grid.Col span={12}>
        <Text size="xs" c="dimmed">{t('oncall.tierHint')} · {t('oncall.endHint')}</Text>
      </Grid.Col>
      <Grid.Col span={12}>
        <Divider label={t('oncall.people')} labelPosition="left" />
        {err(form, 'people') && <Text size="sm" c="red">{err(form, 'people')}</Text>}
      </Grid.Col>
      {people.map((person, p) => (
        <Grid.Col span={12} key={p}>
          <Paper withBorder p="sm">
            <Stack gap="xs">
              <Grid gap="xs">
                <Grid.Col span={{ base: 12, sm: 4 }}>
                  <RemoteSelect
                    label={`${t('oncall.person')} ${p + 1}`}
                    value={person.userId ? String(person.userId) : null}
                    onChange={(v) => form.setFieldValue(`people.${p}.userId`, v ? Number(v) : 0)}
                    error={err(form, `people.${p}.userId`)}
                    loader={(search) => fetchRosterUsers(search, i18n.language)}
                    queryKey={rosterUsersKey(i18n.language)}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 4 }}>
                  <TextInput
                    label={t('oncall.email')}
                    placeholder={t('oncall.emailHint')}
                    // Required while the person has no way to be told: no webhook, and a user without an e-mail (the server says the same).
                    withAsterisk={!person.webhook && !!person.userId && !emailOfOffered(person.userId)}
                    {...form.getInputProps(`people.${p}.email`)}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 10, sm: 3 }}>
                  <TextInput label={t('oncall.webhook')} placeholder={mode === 'edit' ? t('oncall.webhookKept') : 'https://'} {...form.getInputProps(`people.${p}.webhook`)} />
                </Grid.Col>
                <Grid.Col span={{ base: 2, sm: 1 }}>
                  <ActionIcon mt={26} variant="subtle" color="red" aria-label={t('oncall.removePerson')} onClick={() => form.removeListItem('people', p)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Grid.Col>
              </Grid>
              <Text size="sm" fw={500}>{t('oncall.hours')}</Text>
              {person.slots.map((_, s) => (
                <SlotRow key={s} form={form} path={`people.${p}.slots.${s}`} slot={form.values.people[p].slots[s]} onRemove={() => form.removeListItem(`people.${p}.slots`, s)} />
              ))}
              <Group>
                <Button size="xs" variant="subtle" leftSection={<IconPlus size={14} />} onClick={() => form.insertListItem(`people.${p}.slots`, { ...WORKWEEK, days: [...WORKWEEK.days] })}>
                  {t('oncall.addHours')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Grid.Col>
      ))}
      <Grid.Col span={12}>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => form.insertListItem('people', newPerson())}>
          {t('oncall.addPerson')}
        </Button>
      </Grid.Col>
      <Grid.Col span={12}>
        <Divider label={t('oncall.overrides')} labelPosition="left" />
        <Text size="xs" c="dimmed">{t('oncall.overridesHint')}</Text>
      </Grid.Col>
      {overrides.map((_, o) => (
        <Grid.Col span={12} key={o}>
          <Group gap="xs" align="flex-end">
            <TextInput w={140} label={t('oncall.date')} placeholder="2025-12-24" {...form.getInputProps(`overrides.${o}.date`)} />
            <Select
              w={240}
              label={t('oncall.person')}
              allowDeselect={false}
              data={people.map((person, p) => ({ value: String(person.userId || `new-${p}`), label: nameOf(person.userId, p), disabled: !person.userId }))}
              value={overrides[o].userId ? String(overrides[o].userId) : null}
              onChange={(v) => form.setFieldValue(`overrides.${o}.userId`, v ? Number(v) : 0)}
              error={err(form, `overrides.${o}.userId`)}
            />
            <ActionIcon variant="subtle" color="red" aria-label={t('oncall.removePerson')} onClick={() => form.removeListItem('overrides', o)}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Grid.Col>
      ))}
      <Grid.Col span={12}>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => form.insertListItem('overrides', { date: '', userId: people[0]?.userId ?? 0 })}>
          {t('oncall.addOverride')}
        </Button>
      </Grid.Col>
    </Grid>
  );
}

/** The rosters list's add/edit form, loaded when its dialog first opens (oncall-roster.screen.tsx). */
export const rosterForm: ListForm<RosterValues, RosterRow> = {
  Body: RosterForm,
  schema: rosterSaveSchema,
  initialValues: INITIAL,
  // A person's stored webhook is never sent back: edit starts from an empty one, which keeps it.
  toFormValues: (row) => ({
    projectId: row.projectId,
    name: row.name,
    tier: row.tier,
    people: row.people.map((p) => ({ userId: p.userId, email: p.email, webhook: '', slots: p.slots.map((s) => ({ ...s, days: s.days as Weekday[] })) })),
    overrides: row.overrides,
  }),
};
