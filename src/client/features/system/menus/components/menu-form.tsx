import { useMemo } from 'react';
import { Grid, NumberInput, SegmentedControl, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { MENU_TYPE, MENU_STATUS_VALUE, type MenuSave, type MenuSelectNode } from '@shared/contracts/menus';
import { MENU_TYPES } from '@shared/dictionaries';
import type { Locale } from '@shared/constants';
import { IconPicker } from './icon-picker';
import { localName } from '@shared/local-name';

export type MenuFormValues = Required<Omit<MenuSave, 'type' | 'status'>> & { type: 0 | 1 | 2; status: 0 | 1; menuId?: number };

export const EMPTY_MENU: MenuFormValues = {
  parentId: 0, name: '', nameEn: '', type: MENU_TYPE.menu, url: '', perms: '', menuCode: '', icon: '', sort: 0, status: MENU_STATUS_VALUE.normal,
};

/** Indented options from the select tree; a menu cannot sit under itself or its children. */
function parentOptions(nodes: MenuSelectNode[], lang: Locale, exclude: number | undefined, depth = 0): { value: string; label: string }[] {
  return nodes.flatMap((n) =>
    n.menuId === exclude
      ? []
      : [
          { value: String(n.menuId), label: `${'\u3000'.repeat(depth)}${localName(n.name, n.nameEn, lang)}` },
          ...parentOptions(n.list, lang, exclude, depth + 1),
        ],
  );
}

/** One form body for add and edit; the fields shown follow the type (directory, menu, button). */
export function MenuForm({ form, tree }: { form: UseFormReturnType<MenuFormValues>; tree: MenuSelectNode[] }) {
  const { t, i18n } = useTranslation('identity');
  const lang = (i18n.language as Locale) === 'en' ? 'en' : 'cn';
  const type = form.values.type;
  const parents = useMemo(
    () => [{ value: '0', label: t('menus.topLevel') }, ...parentOptions(tree, lang, form.values.menuId)],
    [tree, lang, form.values.menuId, t],
  );
  return (
    <Stack gap="sm">
      <div>
        <Text size="sm" fw={500} mb={4}>{t('menus.fields.type')}</Text>
        <SegmentedControl
          data={MENU_TYPES.map((m) => ({ value: m.value, label: m[lang] }))}
          value={String(type)}
          onChange={(v) => form.setFieldValue('type', Number(v) as MenuFormValues['type'])}
        />
      </div>
      <Grid gap="sm">
        <Grid.Col span={6}>
          <TextInput withAsterisk label={t('menus.fields.name')} {...form.getInputProps('name')} />
        </Grid.Col>
        <Grid.Col span={6}>
          <TextInput label={t('menus.fields.nameEn')} {...form.getInputProps('nameEn')} />
        </Grid.Col>
        <Grid.Col span={6}>
          <Select
            label={t('menus.fields.parent')}
            data={parents}
            searchable
            allowDeselect={false}
            value={String(form.values.parentId)}
            onChange={(v) => form.setFieldValue('parentId', Number(v ?? 0))}
            error={form.errors.parentId}
          />
        </Grid.Col>
        <Grid.Col span={6}>
          <NumberInput label={t('menus.fields.sort')} min={0} allowDecimal={false} {...form.getInputProps('sort')} />
        </Grid.Col>
        {type !== MENU_TYPE.button && (
          <Grid.Col span={6}>
            <TextInput withAsterisk={type === MENU_TYPE.menu} label={t('menus.fields.url')} description={t('menus.urlHint')} {...form.getInputProps('url')} />
          </Grid.Col>
        )}
        {type !== MENU_TYPE.directory && (
          <Grid.Col span={6}>
            <TextInput withAsterisk={type === MENU_TYPE.button} label={t('menus.fields.perms')} description={t('menus.permsHint')} {...form.getInputProps('perms')} />
          </Grid.Col>
        )}
        <Grid.Col span={6}>
          <TextInput label={t('menus.fields.menuCode')} {...form.getInputProps('menuCode')} />
        </Grid.Col>
        {type !== MENU_TYPE.button && (
          <Grid.Col span={6}>
            <IconPicker label={t('menus.fields.icon')} value={form.values.icon} onChange={(v) => form.setFieldValue('icon', v)} error={form.errors.icon as string | undefined} />
          </Grid.Col>
        )}
        <Grid.Col span={6}>
          <Switch
            mt="md"
            label={form.values.status === MENU_STATUS_VALUE.normal ? t('menus.enabled') : t('menus.disabled')}
            checked={form.values.status === MENU_STATUS_VALUE.normal}
            onChange={(e) => form.setFieldValue('status', e.currentTarget.checked ? MENU_STATUS_VALUE.normal : MENU_STATUS_VALUE.disabled)}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
