import { Grid, NumberInput, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MODBUS_DEFAULT_PORT, boardSaveSchema } from '@shared/contracts/detect';
import type { FormValues } from '@client/components/form/form-values';
import type { FormBodyProps, ListForm } from '@client/components/list-page/list-page';
import { ProjectPicker } from '../../../shared/work-kit/pickers';

export type BoardValues = FormValues<typeof boardSaveSchema>;
const initialValues: BoardValues = { projectId: null, slave: 1, ip: '', port: MODBUS_DEFAULT_PORT, boardName: '', boardNameEn: '', boardNo: '', posX: null, posY: null, pollSeconds: 10 };
const fraction = (v: string | number) => (v === '' ? null : Number(v));

function BoardForm({ form }: FormBodyProps<BoardValues>) {
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

/** The boards list's add/edit form, loaded when its dialog first opens (detect.screen.tsx). */
export const boardForm: ListForm<BoardValues> = { Body: BoardForm, schema: boardSaveSchema, initialValues };
