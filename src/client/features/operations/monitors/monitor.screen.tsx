import { useState } from 'react';
import { Button, Grid, NumberInput, Textarea, TextInput } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { monitorSaveSchema, type MonitorRow } from '@shared/contracts/monitor';
import type { FormValues } from '@client/components/form/form-values';
import { ListPage, type FormBodyProps } from '@client/components/list-page/list-page';
import { Dialog } from '@client/components/dialog/dialog';
import { ProjectPicker, projectQueryField } from '../../../shared/work-kit/pickers';
import { MonitorLiveView } from './monitor-live';
import { localColumn, projectColumn } from '../../../shared/work-kit/format';
import { localName } from '@shared/local-name';

type Values = FormValues<typeof monitorSaveSchema>;
const initialValues: Values = { name: '', nameEn: '', serial: '', remark: '', remarkEn: '', projectId: null, channel: 1, streamUrl: '' };

function MonitorForm({ form }: FormBodyProps<Values>) {
  const { t } = useTranslation('work');
  return (
    <Grid gap="sm">
      <Grid.Col span={6}><TextInput label={t('monitor.name')} withAsterisk {...form.getInputProps('name')} /></Grid.Col>
      <Grid.Col span={6}><TextInput label={t('monitor.nameEn')} {...form.getInputProps('nameEn')} /></Grid.Col>
      <Grid.Col span={6}><TextInput label={t('monitor.serial')} withAsterisk {...form.getInputProps('serial')} /></Grid.Col>
      <Grid.Col span={8}><ProjectPicker label={t('common.project')} value={form.values.projectId} error={form.errors.projectId as string | undefined} onChange={(id) => form.setFieldValue('projectId', id)} /></Grid.Col>
      <Grid.Col span={4}><NumberInput label={t('monitor.channel')} min={1} {...form.getInputProps('channel')} /></Grid.Col>
      <Grid.Col span={12}><TextInput label={t('monitor.streamUrl')} placeholder="https://…/live.m3u8" {...form.getInputProps('streamUrl')} /></Grid.Col>
      <Grid.Col span={6}><Textarea label={t('common.remark')} rows={2} {...form.getInputProps('remark')} /></Grid.Col>
      <Grid.Col span={6}><Textarea label={t('monitor.remarkEn')} rows={2} {...form.getInputProps('remarkEn')} /></Grid.Col>
    </Grid>
  );
}

/** fall/monitor: cameras; the live view plays HLS where a stream exists, otherwise says why not. */
export default function MonitorsPage() {
  const { t, i18n } = useTranslation('work');
  const [live, setLive] = useState<MonitorRow | null>(null);
  return (
    <>
      <ListPage<MonitorRow, Values>
        key={i18n.language}
        title={t('monitor.title')}
        resource="monitor"
        schema={monitorSaveSchema}
        initialValues={initialValues}
        formBody={MonitorForm}
        queryFields={[
          { name: 'name', label: t('monitor.name') },
          { name: 'serial', label: t('monitor.serial') },
          projectQueryField(t('common.project')),
        ]}
        columns={[
          localColumn<MonitorRow>('name', t('monitor.name'), i18n.language, { display: 'always' }),
          { prop: 'serial', label: t('monitor.serial') },
          { prop: 'channel', label: t('monitor.channel'), align: 'right' },
          projectColumn(t('common.project'), i18n.language),
          localColumn<MonitorRow>('remark', t('common.remark'), i18n.language, { display: false }),
          {
            prop: 'live',
            label: t('monitor.live'),
            ignore: true,
            render: (row) => (
              <Button size="compact-xs" variant="subtle" leftSection={<IconPlayerPlay size={12} />} onClick={() => setLive(row)}>
                {t('monitor.live')}
              </Button>
            ),
          },
        ]}
      />
      <Dialog opened={live !== null} onChange={(open) => !open && setLive(null)} title={live ? `${t('monitor.live')} · ${localName(live.name, live.nameEn, i18n.language)}` : ''}>
        {live && <MonitorLiveView id={live.id} name={localName(live.name, live.nameEn, i18n.language)} />}
      </Dialog>
    </>
  );
}
