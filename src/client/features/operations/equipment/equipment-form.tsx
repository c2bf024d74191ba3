import { Alert, Grid, Select, TextInput, Input } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DateInput } from '@client/components/form/date-pickers';
import { equipmentSaveSchema, type EquipmentRow } from '@shared/contracts/equipment';
import type { DeviceRow } from '@shared/contracts/device';
import { api } from '@client/lib/api';
import type { FormValues } from '@client/components/form/form-values';
import type { FormBodyProps, ListForm } from '@client/components/list-page/list-page';
import { FileField } from '@client/components/form/file-field';
import { projectInfoQueryOptions } from '../../../shared/projects/project-api';
import { ProjectPicker } from '../../../shared/work-kit/pickers';
import { SitePlanPicker } from './site-plan-picker';
import { localName } from '@shared/local-name';
import type { KeyOf, Texts } from '@client/lib/i18n-keys';
import { resourceKeys, keysOf } from '@client/lib/resource-keys';
import { apiPath } from '@client/lib/resources';

const BASE = apiPath('equipment');
const keys = resourceKeys(BASE);
const deviceKeys = keysOf('device');

export type EquipmentValues = FormValues<typeof equipmentSaveSchema>;
const INITIAL: EquipmentValues = { name: '', nameEn: '', serial: '', handbook: null, projectId: null, deviceId: null, posX: null, posY: null, warrantyEnd: null };

const devicesQueryOptions = () => ({ queryKey: deviceKeys.listAll(), queryFn: () => api.post<DeviceRow[]>(apiPath('device', 'listAll'), {}), staleTime: 60_000 });

function EquipmentForm({ form }: FormBodyProps<EquipmentValues>) {
  const { t, i18n } = useTranslation('projects');
  const devices = useQuery(devicesQueryOptions());
  const project = useQuery(projectInfoQueryOptions(form.values.projectId));
  const siblings = useQuery({
    queryKey: keys.view('placed', form.values.projectId),
    queryFn: () => api.post<EquipmentRow[]>(`${BASE}/listAll`, { projectId: form.values.projectId }),
    enabled: form.values.projectId !== null,
  });
  const f = (k: KeyOf<Texts['projects']['equipment']['fields']>) => t(`equipment.fields.${k}`);
  const deviceOptions = (devices.data ?? []).map((d) => ({ value: String(d.id), label: [localName(d.name, d.nameEn, i18n.language), d.model, d.maker].filter(Boolean).join(' · ') }));
  const others = (siblings.data ?? []).filter((e) => e.posX !== null && e.posY !== null && !(e.posX === form.values.posX && e.posY === form.values.posY)).map((e) => ({ x: e.posX!, y: e.posY! }));
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, sm: 6 }}><TextInput label={f('name')} withAsterisk {...form.getInputProps('name')} /></Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}><TextInput label={f('nameEn')} {...form.getInputProps('nameEn')} /></Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}><TextInput label={f('serial')} {...form.getInputProps('serial')} /></Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <ProjectPicker label={f('projectId')} value={form.values.projectId} onChange={(v) => form.setValues({ projectId: v, posX: null, posY: null })} error={form.errors.projectId as string | undefined} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Select label={f('deviceId')} data={deviceOptions} searchable clearable value={form.values.deviceId === null ? null : String(form.values.deviceId)} onChange={(v) => form.setFieldValue('deviceId', v ? Number(v) : null)} error={form.errors.deviceId} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <DateInput label={f('warrantyEnd')} clearable valueFormat="YYYY-MM-DD" {...form.getInputProps('warrantyEnd')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <FileField label={f('handbook')} ownerType="fall_eq_info" accept=".pdf,.docx,.xlsx,.zip,image/*" value={form.values.handbook} onChange={(v) => form.setFieldValue('handbook', v)} error={form.errors.handbook as string | undefined} />
      </Grid.Col>
      <Grid.Col span={12}>
        <Input.Wrapper label={f('position')} error={(form.errors.posX ?? form.errors.posY) as string | undefined}>
          {form.values.projectId === null ? (
            <Alert color="gray" mt={4}>{t('equipment.chooseProject')}</Alert>
          ) : project.data ? (
            <SitePlanPicker
              planId={project.data.mapBackground}
              value={form.values.posX !== null && form.values.posY !== null ? { x: form.values.posX, y: form.values.posY } : null}
              onChange={(p) => form.setValues({ posX: p?.x ?? null, posY: p?.y ?? null })}
              others={others}
            />
          ) : null}
        </Input.Wrapper>
      </Grid.Col>
    </Grid>
  );
}

/** The equipment list's add/edit form, loaded when its dialog first opens (equipment.screen.tsx). */
export const equipmentForm: ListForm<EquipmentValues> = { Body: EquipmentForm, schema: equipmentSaveSchema, initialValues: INITIAL };
