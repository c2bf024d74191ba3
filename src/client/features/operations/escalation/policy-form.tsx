import { ActionIcon, Button, Divider, Grid, Group, NumberInput, Select, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { POLICY_STEPS_MAX, policySaveSchema, type PolicyRow } from '@shared/contracts/oncall';
import type { FormValues } from '@client/components/form/form-values';
import type { FormBodyProps, ListForm } from '@client/components/list-page/list-page';
import { keysOf } from '@client/lib/resource-keys';
import { ProjectPicker } from '../../../shared/work-kit/pickers';
import { fetchRosterOptions } from './oncall-api';

export type PolicyValues = FormValues<typeof policySaveSchema>;
const INITIAL: PolicyValues = { projectId: null, name: '', steps: [{ minutes: 5, rosterId: null }], renotifyMinutes: 0 };
const NO_ROSTER = 'none';

function PolicyForm({ form }: FormBodyProps<PolicyValues>) {
  const { t } = useTranslation('work');
  const projectId = form.values.projectId ?? null;
  const rosters = useQuery({ queryKey: keysOf('oncallRoster').options(projectId), queryFn: () => fetchRosterOptions(projectId), enabled: projectId !== null });
  const err = (path: string) => form.errors[path] as string | undefined;
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <ProjectPicker label={t('policy.projectId')} value={form.values.projectId} onChange={(v) => form.setFieldValue('projectId', v)} error={err('projectId')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}><TextInput label={t('policy.name')} withAsterisk {...form.getInputProps('name')} /></Grid.Col>
      <Grid.Col span={12}>
        <Divider label={t('policy.steps')} labelPosition="left" />
        <Text size="xs" c="dimmed">{t('policy.minutesHint')}</Text>
        {err('steps') && <Text size="sm" c="red">{err('steps')}</Text>}
      </Grid.Col>
      {form.values.steps.map((step, i) => (
        <Grid.Col span={12} key={i}>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <Text size="sm" w={60} pb={8}>{t('policy.step', { n: i + 1 })}</Text>
            <NumberInput w={140} label={t('policy.minutes')} min={0} {...form.getInputProps(`steps.${i}.minutes`)} value={step.minutes ?? ''} />
            <Select
              style={{ flex: 1 }}
              label={t('policy.rosterId')}
              allowDeselect={false}
              data={[{ value: NO_ROSTER, label: t('policy.noRoster') }, ...(rosters.data ?? [])]}
              value={step.rosterId ? String(step.rosterId) : NO_ROSTER}
              onChange={(v) => form.setFieldValue(`steps.${i}.rosterId`, v && v !== NO_ROSTER ? Number(v) : null)}
              error={err(`steps.${i}.rosterId`)}
            />
            <ActionIcon mb={6} variant="subtle" color="red" aria-label={t('policy.removeStep')} onClick={() => form.removeListItem('steps', i)}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Grid.Col>
      ))}
      <Grid.Col span={12}>
        <Button size="xs" variant="light" disabled={form.values.steps.length >= POLICY_STEPS_MAX} leftSection={<IconPlus size={14} />} onClick={() => form.insertListItem('steps', { minutes: 10, rosterId: null })}>
          {t('policy.addStep')}
        </Button>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <NumberInput label={t('policy.renotifyMinutes')} description={t('policy.renotifyHint')} min={0} allowDecimal={false} {...form.getInputProps('renotifyMinutes')} value={form.values.renotifyMinutes ?? ''} />
      </Grid.Col>
    </Grid>
  );
}

/** The policies list's add/edit form, loaded when its dialog first opens (escalation-policy.screen.tsx). */
export const policyForm: ListForm<PolicyValues, PolicyRow> = {
  Body: PolicyForm,
  schema: policySaveSchema,
  initialValues: INITIAL,
  toFormValues: (row) => ({ projectId: row.projectId, name: row.name, steps: row.steps, renotifyMinutes: row.renotifyMinutes }),
};
