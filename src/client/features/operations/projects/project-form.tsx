import { Grid, NumberInput, PasswordInput, Select, Switch, Tabs, TextInput, Text, Alert, Image } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SELECT_SEARCH_DEBOUNCE_MS } from '@shared/constants';
import { tMessage } from '@client/lib/i18n';
import { useDictionary } from '@client/lib/dictionary';
import { pickFormValues, type FormValues } from '@client/components/form/form-values';
import type { FormBodyProps, ListForm } from '@client/components/list-page/list-page';
import { COUNTRY_CODES, countryName } from '@shared/country';
import { DEFAULT_TIME_ZONE, timeZoneNames } from '@shared/time-zone';
import { FileField } from '@client/components/form/file-field';
import { IntroPanel } from './intro-panel';
import { LocationPicker } from './location-picker';
import { PasswordPanel } from './password-panel';
import { z } from 'zod';
import { projectSaveSchema, type ProjectRow } from '@shared/contracts/project';
import { downloadUrl, useFileSrc, existUniqueKeyQueryOptions, projectInfoQueryOptions, projectTypesQueryOptions, type ProjectTypeRow } from '../../../shared/projects/project-api';
import { localName } from '@shared/local-name';
import type { KeyOf, Texts } from '@client/lib/i18n-keys';

/**
 * Form values of a project: a draft of what the save contract takes, plus `id` only when editing
 * (left out, not null, when adding: the save contract refuses an id); the secret is write-only
 * (empty keeps it).
 */
export type ProjectValues = FormValues<typeof projectSaveSchema> & { id?: number };

export const PROJECT_INITIAL: ProjectValues = {
  id: undefined,
  name: '',
  nameCn: '',
  nameEn: '',
  area: '',
  country: 'CN',
  city: '',
  cityEn: '',
  controlMode: '',
  longitude: null,
  latitude: null,
  totalArea: 0,
  powerConsumption: 0,
  runTime: 0,
  status: 'D',
  isRdm: false,
  dailyShowTime: '',
  timeZone: DEFAULT_TIME_ZONE,
  uniqueKey: '',
  isPublic: false,
  mapBackground: null,
  cameraAppKey: '',
  cameraAppSecret: '',
  projectType: '',
  waterType: 'fountain',
  autoOrder: false,
};

/** Project types as a tree: children under their parent, indented (pid 0 is the root). */
function treeOptions(rows: ProjectTypeRow[], language: string): { value: string; label: string }[] {
  const out: { value: string; label: string }[] = [];
  const walk = (pid: number, depth: number) => {
    for (const r of rows.filter((x) => x.pid === pid)) {
      out.push({ value: r.xmbm, label: `${'\u3000'.repeat(depth)}${depth ? '└ ' : ''}${localName(r.xmmc, r.xmmcEn, language)}` });
      walk(r.id, depth + 1);
    }
  };
  walk(0, 0);
  return out;
}

const num = (v: number | string, empty: number | null) => (v === '' || v === null || v === undefined ? empty : Number(v));

/** One form body for add and edit: basics, location, site plan, camera, and (editing) introductions and passwords. */
export function ProjectForm({ form, mode }: FormBodyProps<ProjectValues>) {
  const { t, i18n } = useTranslation('projects');
  const planSrc = useFileSrc(form.values.mapBackground !== null ? downloadUrl(form.values.mapBackground) : null);
  const status = useDictionary('xmzt');
  const area = useDictionary('area');
  const water = useDictionary('water_type');
  const control = useDictionary('control_mode');
  const types = useQuery(projectTypesQueryOptions());
  const id = mode === 'edit' ? (form.values.id ?? null) : null;
  const info = useQuery(projectInfoQueryOptions(id));
  const [key] = useDebouncedValue(form.values.uniqueKey.trim(), SELECT_SEARCH_DEBOUNCE_MS);
  const taken = useQuery(existUniqueKeyQueryOptions(key, id));
  const keyError = form.errors.uniqueKey ?? (taken.data ? tMessage('err.uniqueKey') : undefined);
  const keyHint = key && taken.isFetching ? t('project.uniqueKeyChecking') : key && taken.data === false ? t('project.uniqueKeyFree') : undefined;
  const countries = [...new Set([...COUNTRY_CODES, form.values.country].filter(Boolean))].map((c) => ({ value: c, label: countryName(c, i18n.language) }));
  const zones = [...new Set([...timeZoneNames(), form.values.timeZone].filter(Boolean))];
  const typeOptions = treeOptions(types.data ?? [], i18n.language);
  if (form.values.projectType && !typeOptions.some((o) => o.value === form.values.projectType)) typeOptions.push({ value: form.values.projectType, label: form.values.projectType });
  const numberProps = (field: 'totalArea' | 'powerConsumption' | 'runTime') => ({
    ...form.getInputProps(field),
    onChange: (v: number | string) => form.setFieldValue(field, num(v, 0) as number),
    min: 0,
  });
  const f = (k: KeyOf<Texts['projects']['project']['fields']>) => t(`project.fields.${k}`);

  return (
    <Tabs defaultValue="basic" keepMounted={false}>
      <Tabs.List mb="sm">
        <Tabs.Tab value="basic">{t('project.tabs.basic')}</Tabs.Tab>
        <Tabs.Tab value="location">{t('project.tabs.location')}</Tabs.Tab>
        <Tabs.Tab value="plan">{t('project.tabs.plan')}</Tabs.Tab>
        <Tabs.Tab value="camera">{t('project.tabs.camera')}</Tabs.Tab>
        <Tabs.Tab value="intro">{t('project.tabs.intro')}</Tabs.Tab>
        <Tabs.Tab value="passwords">{t('project.tabs.passwords')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="basic">
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 6 }}><TextInput label={f('name')} withAsterisk {...form.getInputProps('name')} /></Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={f('uniqueKey')} withAsterisk {...form.getInputProps('uniqueKey')} error={keyError} description={keyError ? undefined : keyHint} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}><TextInput label={f('nameCn')} {...form.getInputProps('nameCn')} /></Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}><TextInput label={f('nameEn')} {...form.getInputProps('nameEn')} /></Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}><Select label={f('status')} data={status.options} {...form.getInputProps('status')} allowDeselect={false} /></Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}><Select label={f('waterType')} data={water.options} {...form.getInputProps('waterType')} allowDeselect={false} /></Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select label={f('projectType')} data={typeOptions} searchable clearable {...form.getInputProps('projectType')} onChange={(v) => form.setFieldValue('projectType', v ?? '')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}><Select label={f('area')} data={area.options} clearable {...form.getInputProps('area')} onChange={(v) => form.setFieldValue('area', v ?? '')} /></Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}><Select label={f('country')} data={countries} searchable {...form.getInputProps('country')} onChange={(v) => form.setFieldValue('country', v ?? '')} /></Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}><TextInput label={f('city')} {...form.getInputProps('city')} /></Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}><TextInput label={f('cityEn')} {...form.getInputProps('cityEn')} /></Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}><Select label={f('controlMode')} data={control.options} clearable {...form.getInputProps('controlMode')} onChange={(v) => form.setFieldValue('controlMode', v ?? '')} /></Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}><TextInput label={f('dailyShowTime')} placeholder="19:00-22:00" description={t('project.showTimeHint')} {...form.getInputProps('dailyShowTime')} /></Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}><NumberInput label={f('runTime')} max={24} decimalScale={1} {...numberProps('runTime')} /></Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}><NumberInput label={f('totalArea')} thousandSeparator="," {...numberProps('totalArea')} /></Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}><NumberInput label={f('powerConsumption')} {...numberProps('powerConsumption')} /></Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}><Switch label={f('isRdm')} {...form.getInputProps('isRdm', { type: 'checkbox' })} /></Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}><Switch label={f('isPublic')} {...form.getInputProps('isPublic', { type: 'checkbox' })} /></Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}><Switch label={f('autoOrder')} {...form.getInputProps('autoOrder', { type: 'checkbox' })} /></Grid.Col>
        </Grid>
      </Tabs.Panel>
      <Tabs.Panel value="location">
        <Grid gap="sm" mb="sm">
          <Grid.Col span={6}>
            <NumberInput label={f('longitude')} min={-180} max={180} decimalScale={6} {...form.getInputProps('longitude')} value={form.values.longitude ?? ''} onChange={(v) => form.setFieldValue('longitude', num(v, null))} />
          </Grid.Col>
          <Grid.Col span={6}>
            <NumberInput label={f('latitude')} min={-90} max={90} decimalScale={6} {...form.getInputProps('latitude')} value={form.values.latitude ?? ''} onChange={(v) => form.setFieldValue('latitude', num(v, null))} />
          </Grid.Col>
        </Grid>
        <Select
          mb="sm"
          label={f('timeZone')}
          description={t('project.timeZoneHint')}
          data={zones}
          searchable
          allowDeselect={false}
          {...form.getInputProps('timeZone')}
        />
        <LocationPicker value={{ longitude: form.values.longitude, latitude: form.values.latitude }} onChange={(v) => form.setValues(v)} />
      </Tabs.Panel>
      <Tabs.Panel value="plan">
        <FileField
          label={f('mapBackground')}
          ownerType="fall_project"
          accept="image/png,image/jpeg,image/webp,image/gif"
          image
          value={form.values.mapBackground}
          onChange={(v) => form.setFieldValue('mapBackground', v)}
          error={form.errors.mapBackground as string | undefined}
        />
        <Text size="xs" c="dimmed" my="xs">{t('project.planHint')}</Text>
        {form.values.mapBackground !== null ? (
          <Image src={planSrc} alt={f('mapBackground')} fit="contain" mah={420} />
        ) : (
          <Alert color="gray">{t('project.planEmpty')}</Alert>
        )}
      </Tabs.Panel>
      <Tabs.Panel value="camera">
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 6 }}><TextInput label={f('cameraAppKey')} {...form.getInputProps('cameraAppKey')} /></Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <PasswordInput
              label={f('cameraAppSecret')}
              autoComplete="new-password"
              placeholder={info.data?.hasCameraSecret ? t('project.secretSet') : t('project.secretNone')}
              description={info.data?.hasCameraSecret ? t('project.secretSet') : undefined}
              {...form.getInputProps('cameraAppSecret')}
            />
          </Grid.Col>
        </Grid>
      </Tabs.Panel>
      <Tabs.Panel value="intro">
        {id !== null ? <IntroPanel projectId={id} /> : <Alert color="blue">{t('intro.saveFirst')}</Alert>}
      </Tabs.Panel>
      <Tabs.Panel value="passwords">
        {id !== null ? <PasswordPanel projectId={id} isPublic={info.data?.isPublic ?? false} /> : <Alert color="blue">{t('intro.saveFirst')}</Alert>}
      </Tabs.Panel>
    </Tabs>
  );
}

/** The projects list's add/edit form, loaded when its dialog first opens (project.screen.tsx). */
export const projectForm: ListForm<ProjectValues, ProjectRow> = {
  Body: ProjectForm,
  // The save contract plus the id the edit form carries (the list page sends it as the update's id).
  schema: projectSaveSchema.extend({ id: z.number().int().positive().optional() }),
  initialValues: PROJECT_INITIAL,
  // The secret never comes back: the field starts empty and empty keeps the stored one.
  toFormValues: (row) => ({ ...pickFormValues(row, PROJECT_INITIAL), id: row.id, cameraAppSecret: '' }),
};
