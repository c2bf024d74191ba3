import { Grid, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RoleSave } from '@shared/contracts/roles';
import type { FormBodyProps } from '@client/components/list-page/list-page';
import { useGrantMenus } from '../api/get-grant-menus';
import { GrantTree } from './grant-tree';

export type RoleFormValues = Required<RoleSave>;

/** One body for add and edit: code, names, remark and the menu/button grant tree. */
export function RoleForm({ form }: FormBodyProps<RoleFormValues>) {
  const { t } = useTranslation('identity');
  const menus = useGrantMenus();
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
