import { Grid, MultiSelect, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { roleSaveSchema, type RoleSave } from '@shared/contracts/roles';
import type { FormBodyProps, ListForm } from '@client/components/list-page/list-page';
import { useGrantMenus } from '../api/get-grant-menus';
import { useScopeProjects } from '../api/get-scope-projects';
import { GrantTree } from './grant-tree';

export type RoleFormValues = Required<RoleSave>;

/** One body for add and edit: code, names, remark, the data scope (docs/access.md) and the menu/button grant tree. */
export function RoleForm({ form }: FormBodyProps<RoleFormValues>) {
  const { t } = useTranslation('identity');
  const menus = useGrantMenus();
  const projects = useScopeProjects();
  const scoped = form.values.dataScope === 'projects';
  return (
    <Grid gap="sm">
      <Grid.Col span={6}>
        <TextInput withAsterisk label={t('roles.fields.code')} {...form.getInputProps('code')} />
      </Grid.Col>
      <Grid.Col span={6}>
        <TextInput withAsterisk label={t('roles.fields.name')} {...form.getInputProps('name')} />
      </Grid.Col>
      <Grid.Col span={6}>
        <TextInput label={t('roles.fields.nameEn')} {...form.getInputProps('nameEn')} />
      </Grid.Col>
      <Grid.Col span={6}>
        <Textarea label={t('roles.fields.remark')} rows={2} {...form.getInputProps('remark')} />
      </Grid.Col>
      <Grid.Col span={6}>
        <Textarea label={t('roles.fields.remarkEn')} rows={2} {...form.getInputProps('remarkEn')} />
      </Grid.Col>
      <Grid.Col span={12}>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="role-data-scope">
            {t('roles.fields.dataScope')}
          </Text>
          <SegmentedControl
            aria-labelledby="role-data-scope"
            data={[
              { value: 'all', label: t('roles.scope.all') },
              { value: 'projects', label: t('roles.scope.projects') },
            ]}
            value={form.values.dataScope}
            onChange={(v) => form.setFieldValue('dataScope', v === 'projects' ? 'projects' : 'all')}
            style={{ alignSelf: 'flex-start' }}
          />
        </Stack>
      </Grid.Col>
      {scoped && (
        <Grid.Col span={12}>
          <MultiSelect
            withAsterisk
            searchable
            clearable
            label={t('roles.fields.projects')}
            placeholder={t('roles.scope.search')}
            data={projects.data ?? []}
            value={form.values.projectIdList.map(String)}
            onChange={(ids) => form.setFieldValue('projectIdList', ids.map(Number))}
            error={form.errors.projectIdList as string | undefined}
            nothingFoundMessage={projects.isLoading ? '…' : undefined}
          />
        </Grid.Col>
      )}
      <Grid.Col span={12}>
        <GrantTree
          menus={menus.data ?? []}
          loading={menus.isLoading}
          value={form.values.menuIdList}
          onChange={(ids) => form.setFieldValue('menuIdList', ids)}
          error={form.errors.menuIdList as string | undefined}
        />
      </Grid.Col>
    </Grid>
  );
}

/** The roles list's add/edit form, loaded when its dialog first opens (role.screen.tsx). */
export const roleForm: ListForm<RoleFormValues> = {
  Body: RoleForm,
  schema: roleSaveSchema,
  initialValues: { code: '', name: '', nameEn: '', remark: '', remarkEn: '', menuIdList: [], dataScope: 'all', projectIdList: [] },
};
