import { Group, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { sceneSaveSchema, type Scene, type SceneItem } from '@shared/contracts/scene';
import type { FormBodyProps, ListForm } from '../../components/list-page/list-page';
import { RemoteSelect } from '../../components/select/remote-select';
import { tMessage } from '../../lib/i18n';
import { projectOptions, projectOptionsKey } from './api/project-options';

export interface SceneValues extends Record<string, unknown> {
  name: string;
  projectId: number | null;
  isPublic: boolean;
  isDefault: boolean;
  layout: SceneItem[];
}

const err = (e: unknown) => (typeof e === 'string' ? tMessage(e) : undefined);

function SceneForm({ form }: FormBodyProps<SceneValues>) {
  const { t, i18n } = useTranslation('scenes');
  const v = form.getValues();
  return (
    <Stack gap="sm">
      <TextInput label={t('scene.name')} withAsterisk {...form.getInputProps('name')} error={err(form.errors.name)} />
      <RemoteSelect
        label={t('scene.project')}
        placeholder={t('scene.global')}
        queryKey={projectOptionsKey(i18n.language)}
        loader={projectOptions}
        value={v.projectId ? String(v.projectId) : null}
        onChange={(id) => form.setFieldValue('projectId', id ? Number(id) : null)}
        error={err(form.errors.projectId)}
      />
      <Group>
        <Switch label={t('scene.isDefault')} checked={v.isDefault} onChange={(e) => form.setFieldValue('isDefault', e.currentTarget.checked)} />
        <Switch label={t('scene.isPublic')} checked={v.isPublic} onChange={(e) => form.setFieldValue('isPublic', e.currentTarget.checked)} />
      </Group>
    </Stack>
  );
}

/** The scenes list's add/edit form (its properties; the layout has its own editor), loaded when its dialog first opens (scene.screen.tsx). */
export const sceneForm: ListForm<SceneValues, Scene> = {
  Body: SceneForm,
  schema: sceneSaveSchema,
  initialValues: { name: '', projectId: null, isPublic: false, isDefault: false, layout: [] },
  toFormValues: (row) => ({ name: row.name, projectId: row.projectId, isPublic: row.isPublic, isDefault: row.isDefault, layout: row.layout }),
};
