import { useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { Badge, Button, Group, Stack, Switch, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconArrowBackUp, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import i18n, { tMessage } from '@client/lib/i18n';
import { useCan } from '@client/lib/session';
import { apiPath, crudPerms } from '@client/lib/resources';
import type { ResourceWithApi } from '@client/lib/resource-keys';
import { trackAction } from '@client/lib/analytics';
import { SelectionBasket } from '../basket/selection-basket';
import { Dialog } from '../dialog/dialog';
import { toast } from '../feedback/toast';
import { messageBox } from '../message-box/message-box';
import type { RowKey, TableColumn } from '../table/types';
import { useColumnState } from '../table/use-column-state';
import { listApi } from './list-api';
import { ListTable } from './list-table';
import { QueryForm, type QueryField } from './query-form';
import { useListQuery } from './use-list-query';
import type { ListEditor } from './list-editor';
import './list-page.css';
import { DrillBanner } from './drill-filter';

export interface FormBodyProps<Values> {
  form: UseFormReturnType<Values>;
  mode: 'add' | 'edit';
}

/**
 * What the add/edit dialog needs: loaded the first time the dialog opens (ListPageProps.form), so a
 * list screen downloads neither its form's fields and inputs nor its validation (a contract brings
 * zod, some 28 KB gzip) until someone adds or edits a row.
 */
export interface ListForm<Values, Row = unknown> {
  /** The form fields, written once for add and edit. */
  Body: ComponentType<FormBodyProps<Values>>;
  /**
   * The shared zod contract of the form (src/shared/contracts), read for its issues only; derive
   * `Values` from it with `FormValues<typeof schema>` (components/form/form-values).
   */
  schema: ZodType;
  initialValues: Values;
  /** Turns the info answer into form values. @default the initial values' keys picked from it */
  toFormValues?: (row: Row) => Values;
}

export interface ListPageProps<Row, Values extends Record<string, unknown>> {
  title: string;
  /**
   * The registry resource (src/shared/resources.ts) the screen lists: its API path (list, info/{id},
   * save, update, delete, export, restore) and its buttons' permission codes come from there. A button
   * the resource does not declare, or the user does not hold, is not shown.
   */
  resource: ResourceWithApi;
  queryFields?: QueryField[];
  /** Query fields per row; must divide 24. @default 4 */
  queryColumns?: number;
  columns: TableColumn<Row>[];
  /**
   * Loads the add/edit form: a dynamic import, so it is a chunk of its own, e.g.
   * `() => import('./order-form').then((m) => m.orderForm)`, or, with the fields written in the
   * screen, `async () => ({ Body, initialValues, schema: (await import('@shared/contracts/job')).jobSchema })`.
   * Nothing the list draws may import the contract's module itself, or zod comes with the list again.
   */
  form: () => Promise<ListForm<Values, Row>>;
  /** @default 'id' */
  rowKey?: string;
  /** Remembers column choices under this name. @default the resource's API path */
  screen?: string;
  /**
   * The row's own buttons (details, flow steps…), shown in the one actions column before edit and
   * delete, so a screen with more actions does not grow a second actions column.
   */
  rowActions?: (row: Row) => ReactNode;
  /**
   * Rows can be dragged into a new order where order matters (dictionary entries): receives the
   * applied query and the page's rows in their new order, to store it; the list reloads afterwards.
   */
  onRowSort?: (rows: Row[], query: Record<string, unknown>) => Promise<unknown>;
  /**
   * Conditions applied on top of the query form, shown as a banner with a clear button: another
   * screen's drill-down (drill-filter.tsx useDrillFilter).
   */
  drill?: { filter: Record<string, unknown> | null; clear: () => void; label?: string };
}

/** The dialog's state: a new object each time it opens, closed when null. */
export type Editing = { mode: 'add' } | { mode: 'edit'; id: RowKey } | null;

type Loaded<Values, Row> = { Editor: typeof ListEditor; form: ListForm<Values, Row> };

/**
 * The editor (list-editor.tsx: the form state, its record, saving) and the screen's form, loaded once
 * `wanted` (the dialog opened); a failure is reported and the next opening tries again.
 */
function useEditor<Values, Row>(load: () => Promise<ListForm<Values, Row>>, wanted: boolean, onError: (error: unknown) => void): Loaded<Values, Row> | null {
  const [loaded, setLoaded] = useState<Loaded<Values, Row> | null>(null);
  const latest = useRef({ load, onError });
  useEffect(() => {
    latest.current = { load, onError };
  });
  useEffect(() => {
    if (!wanted || loaded) return;
    let alive = true;
    Promise.all([import('./list-editor'), latest.current.load()]).then(
      ([{ ListEditor }, form]) => alive && setLoaded({ Editor: ListEditor, form }),
      (error: unknown) => alive && latest.current.onError(error),
    );
    return () => {
      alive = false;
    };
  }, [wanted, loaded]);
  return loaded;
}

/**
 * The list-and-edit screen every back-office module is declared from (spec §2): query form, paged
 * table with toolbar, selection basket and export, add/edit dialog and delete with confirmation.
 * A resource whose buttons include `restore` archives rows with history instead of deleting them
 * (docs/invariants.md "Archive and delete"): delete says so, archived rows are marked, and holders of
 * `restore` get a "show archived" switch and a restore button (`<api>/restore`).
 */
export function ListPage<Row, Values extends Record<string, unknown>>(props: ListPageProps<Row, Values>) {
  const { title, queryFields = [], rowKey = 'id' } = props;
  const { t } = useTranslation('kit');
  const queryClient = useQueryClient();
  const base = apiPath(props.resource);
  const resource = useMemo(() => listApi<Row, Values>(base), [base]);
  const perms = useMemo(() => crudPerms(props.resource), [props.resource]);
  const archives = perms.restore !== undefined;

  const can = {
    list: useCan(perms.list),
    save: useCan(perms.save),
    update: useCan(perms.update),
    remove: useCan(perms.delete),
    export: useCan(perms.export),
  };
  const canRestore = useCan(perms.restore);
  const [showArchived, setShowArchived] = useState(false);

  const { query, form: queryForm } = useListQuery(queryFields);
  const [selected, setSelected] = useState<{ keys: RowKey[]; rows: Row[] }>({ keys: [], rows: [] });
  const [editing, setEditing] = useState<Editing>(null);

  const keyOf = (row: Row): RowKey => (row as Record<string, RowKey>)[rowKey];
  const invalidate = () => queryClient.invalidateQueries({ queryKey: resource.keys.all });

  const remove = useMutation({
    mutationFn: (ids: RowKey[]) => resource.remove(ids),
    onSuccess: (result) => {
      const outcome = result as { deleted?: number; archived?: number } | null;
      const archived = outcome?.archived;
      if (archived) toast.success(() => t('archive.outcome', { deleted: outcome?.deleted ?? 0, archived }));
      else toast.success(() => t('list.deleted'));
      setSelected({ keys: [], rows: [] });
      return invalidate();
    },
    onError: (error) => toast.error(error.message),
  });

  const askDelete = async (ids: RowKey[]) => {
    trackAction(perms.delete);
    if (ids.length === 0) {
      toast.warning(() => tMessage('v.checkFirst'));
      return;
    }
    if (await messageBox.confirm(tMessage(archives ? 'v.confirmArchive' : 'v.confirmDelete'))) remove.mutate(ids);
  };

  const restore = useMutation({
    mutationFn: (ids: RowKey[]) => resource.restore(ids),
    onSuccess: (result) => {
      toast.success(() => t('archive.restored', { count: result.restored }));
      return invalidate();
    },
    onError: (error) => toast.error(error.message),
  });
  const isArchived = (row: Row) => archives && !!(row as { archivedAt?: string | null }).archivedAt;

  const openAdd = () => {
    trackAction(perms.save);
    setEditing({ mode: 'add' });
  };
  const openEdit = (row: Row) => {
    trackAction(perms.update);
    setEditing({ mode: 'edit', id: keyOf(row) });
  };
  const closeEditor = () => setEditing(null);
  const editor = useEditor(props.form, editing !== null, (error) => {
    closeEditor();
    toast.error(() => i18n.t('chunk.failed', { ns: 'layout' }));
    console.error(error);
  });

  const handleColumn: TableColumn<Row> = {
    type: 'handle',
    label: t('list.operation'),
    fixed: 'right',
    render: (row) =>
      isArchived(row) ? (
        <Group gap={4} wrap="nowrap">
          <Badge size="sm" variant="light" color="gray">{t('archive.badge')}</Badge>
          {canRestore && (
            <Button size="compact-xs" variant="subtle" leftSection={<IconArrowBackUp size={12} />} onClick={() => restore.mutate([keyOf(row)])}>
              {t('archive.restore')}
            </Button>
          )}
        </Group>
      ) : (
        <Group gap={2} wrap="nowrap" className="cascade-row-actions">
          {props.rowActions?.(row)}
          {can.update && (
            <Button size="compact-xs" variant="subtle" onClick={() => openEdit(row)}>
              {t('list.edit')}
            </Button>
          )}
          {can.remove && (
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => void askDelete([keyOf(row)])}>
              {t('list.delete')}
            </Button>
          )}
        </Group>
      ),
  };
  const declared = props.columns;
  const columns: TableColumn<Row>[] = [
    ...(declared.some((c) => c.type === 'selection') ? [] : [{ type: 'selection' } as TableColumn<Row>]),
    ...declared,
    ...(declared.some((c) => c.type === 'handle') || !(can.update || can.remove || props.rowActions || canRestore) ? [] : [handleColumn]),
  ];
  const columnState = useColumnState(columns, props.screen ?? base);
  const editorTitle = `${title} · ${editing?.mode === 'edit' ? t('list.editTitle') : t('list.addTitle')}`;

  const batchDelete = can.remove && (
    <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} />} onClick={() => void askDelete(selected.keys)}>
      {t('list.batchDelete')}
    </Button>
  );
  const archivedSwitch = canRestore && (
    <Switch size="xs" label={t('archive.show')} checked={showArchived} onChange={(e) => setShowArchived(e.currentTarget.checked)} />
  );
  const basket = (
    <SelectionBasket
      rows={selected.rows}
      columns={columnState.visible.map((v) => v.column)}
      rowKey={rowKey}
      onRemove={(key) => setSelected((s) => ({ keys: s.keys.filter((k) => k !== key), rows: s.rows.filter((r) => keyOf(r) !== key) }))}
      onClear={() => setSelected({ keys: [], rows: [] })}
    />
  );

  return (
    <Stack gap="sm">
      <Title order={4}>{title}</Title>
      {queryFields.length > 0 && (
        <QueryForm
          fields={queryFields}
          columns={props.queryColumns}
          {...queryForm}
          onAdd={can.save ? openAdd : undefined}
        />
      )}
      {queryFields.length === 0 && can.save && (
        <Group>
          <Button size="xs" onClick={openAdd}>{t('query.add')}</Button>
        </Group>
      )}
      {props.drill?.filter && <DrillBanner label={props.drill.label} onClear={props.drill.clear} />}
      <ListTable<Row>
        title={title}
        resource={resource}
        query={{ ...query, ...(props.drill?.filter ?? {}), ...(showArchived ? { archived: true } : {}) }}
        columns={columns}
        columnState={columnState}
        rowKey={rowKey}
        can={can}
        exportPerm={perms.export}
        toolbarStart={
          archivedSwitch ? (
            <Group gap="sm">
              {batchDelete}
              {archivedSwitch}
            </Group>
          ) : (
            batchDelete
          )
        }
        toolbarEnd={basket}
        selectedKeys={selected.keys}
        onSelectionChange={(keys, rows) => setSelected({ keys, rows })}
        onRowSort={
          props.onRowSort &&
          ((rows) => {
            props.onRowSort!(rows, query)
              .catch((error: Error) => toast.error(error.message))
              .finally(() => void invalidate());
          })
        }
      />
      {editor ? (
        <editor.Editor<Row, Values>
          form={editor.form}
          editing={editing}
          title={editorTitle}
          resource={resource}
          onClose={closeEditor}
          onSaved={invalidate}
        />
      ) : (
        // Until the form has loaded (the first opening): the same dialog, its spinner after a moment.
        <Dialog opened={editing !== null} onChange={(open) => !open && closeEditor()} title={editorTitle} footer loading />
      )}
    </Stack>
  );
}
