import { Grid, NumberInput, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ESCALATION_CHANNELS, ESCALATION_LEVEL_MAX, escalationRecipientFormSchema, type escalationRecipientSaveSchema, type EscalationRecipientRow } from '@shared/contracts/escalation';
import type { FormValues } from '@client/components/form/form-values';
import type { FormBodyProps, ListForm } from '@client/components/list-page/list-page';
import { ProjectPicker } from '../../../shared/work-kit/pickers';

export type RecipientValues = FormValues<typeof escalationRecipientSaveSchema>;
const INITIAL: RecipientValues = { projectId: null, level: 1, channel: 'webhook', address: '', name: '' };

function RecipientForm({ form, mode }: FormBodyProps<RecipientValues>) {
  const { t } = useTranslation('work');
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <ProjectPicker label={t('escalation.projectId')} value={form.values.projectId} onChange={(v) => form.setFieldValue('projectId', v)} error={form.errors.projectId as string | undefined} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <NumberInput label={t('escalation.level')} description={t('escalation.levelHint')} withAsterisk min={1} max={ESCALATION_LEVEL_MAX} allowDecimal={false} {...form.getInputProps('level')} value={form.values.level ?? ''} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Select
          label={t('escalation.channel')}
          withAsterisk
          allowDeselect={false}
          data={ESCALATION_CHANNELS.map((c) => ({ value: c, label: t(`escalation.channels.${c}`) }))}
          {...form.getInputProps('channel')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}><TextInput label={t('escalation.name')} {...form.getInputProps('name')} /></Grid.Col>
      <Grid.Col span={12}>
        <TextInput
          label={t('escalation.address')}
          description={t('escalation.addressHint')}
          placeholder={mode === 'edit' ? t('escalation.addressKept') : undefined}
          withAsterisk={mode === 'add'}
          {...form.getInputProps('address')}
        />
      </Grid.Col>
    </Grid>
  );
}

/** The escalation recipients list's add/edit form, loaded when its dialog first opens (escalation-recipient.screen.tsx). */
export const recipientForm: ListForm<RecipientValues, EscalationRecipientRow> = {
  Body: RecipientForm,
  schema: escalationRecipientFormSchema,
  initialValues: INITIAL,
  // The stored address is never sent back: edit starts from an empty one, which keeps it.
  toFormValues: (row) => ({ projectId: row.projectId, level: row.level, channel: row.channel, address: '', name: row.name }),
};
