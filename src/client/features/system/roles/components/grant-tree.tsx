import { useMemo, useState } from 'react';
import { ActionIcon, Box, Button, Checkbox, Group, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TREE_INDENT, type Locale } from '@shared/constants';
import type { MenuRow } from '@shared/contracts/menus';
import { MENU_TYPES } from '@shared/dictionaries';
import { localName } from '@shared/local-name';

interface Node {
  menu: MenuRow;
  children: Node[];
}

function buildNodes(rows: MenuRow[]): Node[] {
  const nodes = new Map(rows.map((m) => [m.menuId, { menu: m, children: [] as Node[] }]));
  const roots: Node[] = [];
  for (const n of nodes.values()) (nodes.get(n.menu.parentId)?.children ?? roots).push(n);
  const sort = (list: Node[]): Node[] => {
    list.sort((a, b) => a.menu.sort - b.menu.sort || a.menu.menuId - b.menu.menuId);
    list.forEach((n) => sort(n.children));
    return list;
  };
  return sort(roots);
}

const descendants = (n: Node): number[] => n.children.flatMap((c) => [c.menu.menuId, ...descendants(c)]);

/**
 * The grant tree of a role: directories, menus and buttons with checkboxes. Checking an entry
 * checks everything below it and the entries above it (a button is no use without its menu);
 * unchecking clears everything below.
 */
export function GrantTree({ menus, loading, value, onChange, error }: { menus: MenuRow[]; loading?: boolean; value: number[]; onChange: (ids: number[]) => void; error?: string }) {
  const { t, i18n } = useTranslation('identity');
  const lang: Locale = i18n.language === 'en' ? 'en' : 'cn';
  const roots = useMemo(() => buildNodes(menus), [menus]);
  const byId = useMemo(() => new Map(menus.map((m) => [m.menuId, m])), [menus]);
  const [open, setOpen] = useState<Set<number>>(() => new Set());
  const checked = new Set(value);

  const toggle = (node: Node, on: boolean) => {
    const next = new Set(checked);
    const ids = [node.menu.menuId, ...descendants(node)];
    if (on) {
      ids.forEach((id) => next.add(id));
      for (let p = byId.get(node.menu.parentId); p; p = byId.get(p.parentId)) next.add(p.menuId);
    } else ids.forEach((id) => next.delete(id));
    onChange([...next].sort((a, b) => a - b));
  };

  const row = (node: Node, depth: number) => {
    const id = node.menu.menuId;
    const below = descendants(node);
    const some = below.some((d) => checked.has(d));
    const all = below.length > 0 && below.every((d) => checked.has(d));
    const name = localName(node.menu.name, node.menu.nameEn, lang);
    const type = MENU_TYPES.find((m) => m.value === String(node.menu.type));
    return (
      <Box key={id}>
        <Group gap={4} wrap="nowrap" pl={depth * TREE_INDENT}>
          {node.children.length ? (
            <ActionIcon size="sm" variant="subtle" aria-label={name} aria-expanded={open.has(id)} onClick={() => setOpen((s) => { const n = new Set(s); if (n.has(id)) n.delete(id); else n.add(id); return n; })}>
              {open.has(id) ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
            </ActionIcon>
          ) : (
            <Box w={22} />
          )}
          <Checkbox
            size="xs"
            label={name}
            checked={checked.has(id) && (below.length === 0 || all)}
            indeterminate={(checked.has(id) || some) && below.length > 0 && !all}
            onChange={(e) => toggle(node, e.currentTarget.checked)}
          />
          <Text size="xs" c="dimmed">{type ? type[lang] : ''}{node.menu.perms ? ` · ${node.menu.perms}` : ''}</Text>
        </Group>
        {open.has(id) && node.children.map((c) => row(c, depth + 1))}
      </Box>
    );
  };

  return (
    <Stack gap={6}>
      <Group gap="xs">
        <Text size="sm" fw={500}>{t('roles.fields.menus')}</Text>
        <Text size="xs" c="dimmed">{t('roles.granted', { count: value.length })}</Text>
        <Button size="compact-xs" variant="subtle" onClick={() => setOpen(new Set(menus.map((m) => m.menuId)))}>{t('roles.expandAll')}</Button>
        <Button size="compact-xs" variant="subtle" onClick={() => setOpen(new Set())}>{t('roles.collapseAll')}</Button>
        <Button size="compact-xs" variant="subtle" onClick={() => onChange(menus.map((m) => m.menuId).sort((a, b) => a - b))}>{t('roles.checkAll')}</Button>
        <Button size="compact-xs" variant="subtle" onClick={() => onChange([])}>{t('roles.checkNone')}</Button>
      </Group>
      {error && <Text size="xs" c="red">{error}</Text>}
      <ScrollArea.Autosize mah={360} type="auto">
        {loading ? <Loader size="sm" /> : roots.map((n) => row(n, 0))}
      </ScrollArea.Autosize>
    </Stack>
  );
}
