import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Badge, Button, Grid, NumberInput, Tabs, TextInput, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MODBUS_DEFAULT_PORT, boardSaveSchema, type BoardRow } from '@shared/contracts/detect';
import type { FormValues } from '@client/components/form/form-values';
import { ListPage, type FormBodyProps } from '@client/components/list-page/list-page';
import { projectColumn, when } from '../../../shared/work-kit/format';
import { ProjectPicker, projectQueryField } from '../../../shared/work-kit/pickers';
import { ChannelPanel } from './channel-panel';
import { WarningsList } from './warnings-list';
import { localName } from '@shared/local-name';

type Values = FormValues<typeof boardSaveSchema>;
const initialValues: Values = { projectId: null, slave: 1, ip: '', port: MODBUS_DEFAULT_PORT, boardName: '', boardNameEn: '', boardNo: '', posX: null, posY: null, pollSeconds: 10 };
const fraction = (v: string | number) => (v === '' ? null : Number(v));

function BoardForm({ form }: FormBodyProps<Values>) {
  const { t } = useTranslation('work');
  return (
    <Grid gap="sm">
      <Grid.Col span={6}><TextInput label={t('detect.boardName')} withAsterisk {...form.getInputProps('boardName')} /></Grid.Col>
      <Grid.Col span={6}><TextInput label={t('detect.boardNameEn')} {...form.getInputProps('boardNameEn')} /></Grid.Col>
      <Grid.Col span={6}><TextInput label={t('detect.boardNo')} {...form.getInputProps('boardNo')} /></Grid.Col>
      <Grid.Col span={12}><ProjectPicker label={t('common.project')} value={form.values.projectId} error={form.errors.projectId as string | undefined} onChange={(id) => form.setFieldValue('projectId', id)} /></Grid.Col>
      <Grid.Col span={6}><TextInput label={t('detect.ip')} {...form.getInputProps('ip')} /></Grid.Col>
      <Grid.Col span={3}><NumberInput label={t('detect.port')} min={1} max={65535} {...form.getInputProps('port')} /></Grid.Col>
      <Grid.Col span={3}><NumberInput label={t('detect.slave')} min={1} max={247} {...form.getInputProps('slave')} /></Grid.Col>
      <Grid.Col span={4}><NumberInput label={t('detect.posX')} min={0} max={1} step={0.01} decimalScale={3} value={form.values.posX ?? ''} error={form.errors.posX} onChange={(v) => form.setFieldValue('posX', fraction(v))} /></Grid.Col>
      <Grid.Col span={4}><NumberInput label={t('detect.posY')} min={0} max={1} step={0.01} decimalScale={3} value={form.values.posY ?? ''} error={form.errors.posY} onChange={(v) => form.setFieldValue('posY', fraction(v))} /></Grid.Col>
      <Grid.Col span={4}><NumberInput label={t('detect.pollSeconds')} min={1} max={3600} {...form.getInputProps('pollSeconds')} /></Grid.Col>
    </Grid>
  );
}

/** fall/detect: boards with their nine-channel panel, and the warnings they raise. */
export default function DetectPage() {
  const { t, i18n } = useTranslation('work');
  const [panel, setPanel] = useState<number | null>(null);
  const [params] = useSearchParams();
  return (
    // The statistics screen's drill-down into warnings (?tab=warnings&…) opens the warnings tab.
    <Tabs defaultValue={params.get('tab') === 'warnings' ? 'warnings' : 'boards'} keepMounted={false}>
      <Tabs.List mb="sm">
        <Tabs.Tab value="boards">{t('detect.title')}</Tabs.Tab>
        <Tabs.Tab value="warnings">{t('warning.title')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="boards">
        <ListPage<BoardRow, Values>
          key={i18n.language}
          title={t('detect.title')}
          resource="detect"
          schema={boardSaveSchema}
          initialValues={initialValues}
          formBody={BoardForm}
          queryFields={[
            { name: 'boardName', label: t('detect.boardName') },
            projectQueryField(t('common.project')),
          ]}
          columns={[
            { prop: 'boardName', label: t('detect.boardName'), display: 'always', render: (b) => localName(b.boardName, b.boardNameEn, i18n.language) },
            { prop: 'boardNo', label: t('detect.boardNo') },
            projectColumn(t('common.project'), i18n.language),
            { prop: 'ip', label: t('detect.ip'), render: (b) => (b.ip ? `${b.ip}:${b.port}` : '') },
            { prop: 'slave', label: t('detect.slave'), align: 'right' },
            { prop: 'online', label: t('detect.online'), render: (b) => <Badge color={b.online ? 'green' : 'gray'} variant="light">{b.online ? t('detect.online') : t('detect.offline')}</Badge> },
            { prop: 'faultCount', label: t('detect.faults'), align: 'right', render: (b) => (b.faultCount ? <Badge color="red">{b.faultCount}</Badge> : 0) },
            { prop: 'lastSeen', label: t('detect.lastSeen'), nowrap: true, render: (b) => when(b.lastSeen) },
            {
              prop: 'refusedReason',
              label: t('detect.refused'),
              render: (b) =>
                b.refusedReason ? (
                  <Tooltip label={t('detect.refusedLast', { at: when(b.refusedAt) })}>
                    <Badge color="orange" variant="light" style={{ textTransform: 'none' }}>
                      {t('detect.refusedSince', { reason: t(`detect.refusal.${b.refusedReason}`), since: when(b.refusedSince) })}
                    </Badge>
                  </Tooltip>
                ) : (
                  ''
                ),
            },
            { prop: 'channels', label: t('detect.channels'), ignore: true, render: (b) => <Button size="compact-xs" variant="subtle" onClick={() => setPanel(b.id)}>{t('detect.channels')}</Button> },
          ]}
        />
        <ChannelPanel id={panel} onClose={() => setPanel(null)} />
      </Tabs.Panel>
      <Tabs.Panel value="warnings">
        <WarningsList />
      </Tabs.Panel>
    </Tabs>
  );
}
