import { lazy, Suspense } from 'react';
import { Group, Select, Text } from '@mantine/core';
import { iconsList } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const IconGlyph = lazy(() => import('@client/components/icon-glyph'));
/** Options shown at once while searching the ~6,000 Tabler names. */
const VISIBLE_OPTIONS = 60;
// The package exports the name list as a module namespace whose default is the array.
const NAMES: string[] = iconsList.default;

export function MenuIconView({ name, size }: { name: string; size?: number }) {
  if (!name) return null;
  return (
    <Suspense fallback={null}>
      <IconGlyph name={name} size={size} />
    </Suspense>
  );
}

/** Picks a Tabler icon by name (the menu table stores the kebab-case name), with a preview of each. */
export function IconPicker({ value, onChange, label, error }: { value: string; onChange: (v: string) => void; label: string; error?: string }) {
  const { t } = useTranslation('identity');
  return (
    <Select
      label={label}
      placeholder={t('menus.iconPick')}
      searchable
      clearable
      limit={VISIBLE_OPTIONS}
      data={NAMES}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      nothingFoundMessage={t('menus.iconNone')}
      error={error}
      leftSection={<MenuIconView name={value} size={16} />}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <MenuIconView name={option.value} size={16} />
          <Text size="sm">{option.value}</Text>
        </Group>
      )}
    />
  );
}
