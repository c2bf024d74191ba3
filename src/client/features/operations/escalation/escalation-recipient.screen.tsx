import { Grid, NumberInput, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ESCALATION_CHANNELS, ESCALATION_LEVEL_MAX, escalationRecipientFormSchema, escalationRecipientSaveSchema, type EscalationRecipientRow } from '@shared/contracts/escalation';
import type { FormValues } from '@client/components/form/form-values';
import { ListPage, type FormBodyProps } from '@client/components/list-page/list-page';
import { selectInput } from '@client/components/list-page/query-form';
import { projectColumn } from '../../../shared/work-kit/format';
import { ProjectPicker, projectQueryField } from '../../../shared/work-kit/pickers';


type RecipientValues = FormValues<typeof escalationRecipientSaveSchema>;
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

/** fall/escalation: who is told, per project and level, when an alarm stays unacknowledged (docs/escalation.md). */
export default function EscalationRecipientsPage() {
  const { t, i18n } = useTranslation('work');
  return (
    <ListPage<EscalationRecipientRow, RecipientValues>
      key={i18n.language}
      title={t('escalation.title')}
      resource="escalationRecipient"
      schema={escalationRecipientFormSchema}
      initialValues={INITIAL}
      // The stored address is never sent back: edit starts from an empty one, which keeps it.
      toFormValues={(row) => ({ projectId: row.projectId, level: row.level, channel: row.channel, address: '', name: row.name })}
      formBody={RecipientForm}
      queryFields={[
        { name: 'keyword', label: t('escalation.keyword') },
        projectQueryField(t('escalation.projectId')),
        { name: 'channel', label: t('escalation.channel'), render: selectInput(ESCALATION_CHANNELS.map((c) => ({ value: c, label: t(`escalation.channels.${c}`) }))) },
      ]}
      columns={[
        projectColumn(t('escalation.projectId'), i18n.language),
        { prop: 'level', label: t('escalation.level'), align: 'right' },
        { prop: 'channel', label: t('escalation.channel'), render: (r) => t(`escalation.channels.${r.channel}`) },
        { prop: 'target', label: t('escalation.target') },
        { prop: 'name', label: t('escalation.name') },
      ]}
    />
  );
}
