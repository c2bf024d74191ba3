import { useMemo, useState } from 'react';
import { Badge, Button, Group, Stack, Switch, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MENU_STATUS_VALUE, MENU_TYPE, menuSaveSchema, menuUpdateSchema, type MenuRow } from '@shared/contracts/menus';
import { MENU_STATUS, MENU_TYPES } from '@shared/dictionaries';
import { PAGE_SIZES, type Locale } from '@shared/constants';
import { ApiError } from '@client/lib/api';
import { tMessage } from '@client/lib/i18n';
import { useCan } from '@client/lib/session';
import { DataTable } from '@client/components/table/data-table';
import { moveItem } from '@client/components/table/use-drag-sort';
import type { TableColumn } from '@client/components/table/types';
import { Dialog } from '@client/components/dialog/dialog';
import { useRecordFill } from '@client/components/form/use-record-fill';
import { messageBox } from '@client/components/message-box/message-box';
import { toast } from '@client/components/feedback/toast';
import { StatusTag } from '@client/components/tags/status-tag';
import { fieldErrors, zodResolver } from '@client/components/form/zod-resolver';
import { useMenus } from './api/get-menus';
import { useMenu } from './api/get-menu';
import { useMenuSelect } from './api/get-menu-select';
import { useSaveMenu } from './api/save-menu';
import { useDeleteMenu } from './api/delete-menu';
import { useUpdateMenuState } from './api/update-menu-state';
import { useSortMenus } from './api/sort-menus';
import { EMPTY_MENU, MenuForm, type MenuFormValues } from './components/menu-form';
import { MenuIconView } from './components/icon-picker';
import { localName } from '@shared/local-name';
import { permissionOf } from '@client/lib/resources';

type MenuNode = MenuRow & { children: MenuNode[] };

/** Nests the flat listAll answer by parentId (sorted by sort number, then id). */
export function toTree(rows: MenuRow[]): MenuNode[] {
  const nodes = new Map(rows.map((r) => [r.menuId, { ...r, children: [] as MenuNode[] }]));
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  const sort = (list: MenuNode[]) => {
    list.sort((a, b) => a.sort - b.sort || a.menuId - b.menuId);
    list.forEach((n) => sort(n.children));
    return list;
  };
  return sort(roots);
}

function findNode(nodes: MenuNode[], menuId: number): MenuNode | undefined {
  for (const n of nodes) {
    if (n.menuId === menuId) return n;
    const hit = findNode(n.children, menuId);
    if (hit) return hit;
  }
  return undefined;
}

type Editing = { mode: 'add'; parentId: number } | { mode: 'edit'; menuId: number } | null;

/** sys/menu: the menu tree with its buttons; add, edit, delete and switch each entry on or off. */
export default function MenusPage() {
  const { t, i18n } = useTranslation('identity');
  const { t: tk } = useTranslation('kit');
  const lang: Locale = i18n.language === 'en' ? 'en' : 'cn';
  const can = {
    save: useCan(permissionOf('menu', 'save')),
    update: useCan(permissionOf('menu', 'update')),
    remove: useCan(permissionOf('menu', 'delete')),
    status: useCan(permissionOf('menu', 'status')),
  };
  const menus = useMenus();
  const tree = useMemo(() => toTree(menus.data ?? []), [menus.data]);
  const [editing, setEditing] = useState<Editing>(null);
  const select = useMenuSelect(editing !== null);
  const editId = editing?.mode === 'edit' ? editing.menuId : null;
  const info = useMenu(editId);
  const save = useSaveMenu();
  const remove = useDeleteMenu();
  const setState = useUpdateMenuState();

  const form = useForm<MenuFormValues>({
    mode: 'controlled',
    initialValues: EMPTY_MENU,
    validate: (values) => zodResolver(values.menuId ? menuUpdateSchema : menuSaveSchema)(values),
  });
  // As ListPage does: the form shows once the menu filled it (components/form/use-record-fill.ts).
  const record = useRecordFill(form, editId !== null, info.data, ({ parentName: _parentName, ...row }) => ({ ...row, type: row.type as MenuFormValues['type'], status: row.status as MenuFormValues['status'] }));
  const waitingForRecord = record.waiting;

  const openAdd = (parentId = 0) => {
    form.setValues({ ...EMPTY_MENU, parentId });
    form.clearErrors();
    setEditing({ mode: 'add', parentId });
  };
  const openEdit = (row: MenuRow) => {
    form.setValues(EMPTY_MENU);
    form.clearErrors();
    record.restart();
    setEditing({ mode: 'edit', menuId: row.menuId });
  };
  const submit = form.onSubmit((values) => {
    save.mutate(values, {
      onSuccess: () => {
        toast.success(tk('list.saved'));
        setEditing(null);
      },
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.fields).length) form.setErrors(fieldErrors(error.fields));
        else toast.error(error.message);
      },
    });
  });
  const askDelete = async (row: MenuRow) => {
    if (!(await messageBox.confirm(tMessage('v.confirmDelete')))) return;
    remove.mutate(row.menuId, {
      onSuccess: () => toast.success(tk('list.deleted')),
      onError: (error) => toast.error(error.message),
    });
  };
  const toggle = (row: MenuRow, on: boolean) =>
    setState.mutate(
      { menuId: row.menuId, status: on ? MENU_STATUS_VALUE.normal : MENU_STATUS_VALUE.disabled },
      { onSuccess: () => toast.success(() => t('menus.stateDone')), onError: (error) => toast.error(error.message) },
    );

  // Drag-sort among siblings: a menu dropped on another of the same parent takes its place; the new
  // order of that parent's children is stored as their sort numbers.
  const sortMenus = useSortMenus();
  const reorder = (from: number, to: number) => {
    const rows = menus.data ?? [];
    const dragged = rows.find((r) => r.menuId === from);
    const target = rows.find((r) => r.menuId === to);
    if (!dragged || !target) return;
    if (dragged.parentId !== target.parentId) {
      toast.warning(() => tMessage('v.sortSiblings'));
      return;
    }
    const siblings = (dragged.parentId === 0 ? tree : findNode(tree, dragged.parentId)?.children ?? []).map((n) => n.menuId);
    const ids = moveItem(siblings, siblings.indexOf(from), siblings.indexOf(to));
    sortMenus.mutate(ids, { onSuccess: () => toast.success(() => t('menus.sorted')), onError: (error) => toast.error(error.message) });
  };

  const nameOf = (row: MenuRow) => localName(row.name, row.nameEn, lang);
  const columns: TableColumn<MenuNode>[] = [
    { prop: 'name', label: t('menus.fields.name'), display: 'always', width: 220, render: (row) => nameOf(row) },
    { prop: 'icon', label: t('menus.fields.icon'), width: 80, align: 'center', render: (row) => <MenuIconView name={row.icon} /> },
    {
      prop: 'type',
      label: t('menus.fields.type'),
      width: 90,
      render: (row) => {
        const item = MENU_TYPES.find((m) => m.value === String(row.type));
        const color = row.type === MENU_TYPE.directory ? 'blue' : row.type === MENU_TYPE.menu ? 'teal' : 'gray';
        return <Badge variant="light" color={color} radius="sm">{item ? item[lang] : row.type}</Badge>;
      },
    },
    { prop: 'sort', label: t('menus.fields.sort'), width: 80 },
    { prop: 'url', label: t('menus.fields.url') },
    { prop: 'perms', label: t('menus.fields.perms') },
    { prop: 'menuCode', label: t('menus.fields.menuCode'), display: false },
    {
      prop: 'status',
      label: t('menus.fields.status'),
      width: 100,
      render: (row) =>
        can.status ? (
          <Switch
            size="sm"
            aria-label={`${t('menus.fields.status')} ${nameOf(row)}`}
            checked={row.status === MENU_STATUS_VALUE.normal}
            onChange={(e) => toggle(row, e.currentTarget.checked)}
          />
        ) : (
          <StatusTag value={row.status} dict={MENU_STATUS} />
        ),
    },
    {
      type: 'handle',
      label: tk('list.operation'),
      fixed: 'right',
      width: 240,
      render: (row) => (
        <Group gap={4} wrap="nowrap">
          {can.save && row.type !== MENU_TYPE.button && (
            <Button size="compact-xs" variant="subtle" leftSection={<IconPlus size={12} />} onClick={() => openAdd(row.menuId)}>
              {t('menus.addChild')}
            </Button>
          )}
          {can.update && (
            <Button size="compact-xs" variant="subtle" leftSection={<IconPencil size={12} />} onClick={() => openEdit(row)} aria-label={`${tk('list.edit')} ${nameOf(row)}`}>
              {tk('list.edit')}
            </Button>
          )}
          {can.remove && (
            <Button size="compact-xs" variant="subtle" color="red" leftSection={<IconTrash size={12} />} onClick={() => void askDelete(row)} aria-label={`${tk('list.delete')} ${nameOf(row)}`}>
              {tk('list.delete')}
            </Button>
          )}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="sm">
      <Title order={4}>{t('menus.title')}</Title>
      <DataTable<MenuNode>
        label={t('menus.title')}
        title={t('menus.title')}
        columns={columns}
        data={tree}
        rowKey="menuId"
        childrenKey="children"
        onRowDrop={can.update ? (from, to) => reorder(Number(from), Number(to)) : undefined}
        pageSize={PAGE_SIZES[PAGE_SIZES.length - 1]}
        screen="sys/menu"
        toolbarExtra={
          can.save && (
            <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => openAdd(0)}>
              {tk('query.add')}
            </Button>
          )
        }
      />
      <Dialog
        opened={editing !== null}
        onChange={(open) => !open && setEditing(null)}
        title={editing?.mode === 'edit' ? tk('list.editTitle') : tk('list.addTitle')}
        footer
        loading={editId !== null && info.isLoading}
        confirmLoading={save.isPending}
        onOk={() => submit()}
        onCancel={() => setEditing(null)}
      >
        <form onSubmit={submit} aria-busy={waitingForRecord}>
          {!waitingForRecord && <MenuForm form={form} tree={select.data ?? []} />}
        </form>
      </Dialog>
    </Stack>
  );
}
