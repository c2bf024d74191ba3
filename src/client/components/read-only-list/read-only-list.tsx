import { useMemo, type ReactNode } from 'react';
import { Stack, Title } from '@mantine/core';
import { useCan } from '@client/lib/session';
import { apiPath, crudPerms } from '@client/lib/resources';
import type { ResourceWithApi } from '@client/lib/resource-keys';
import { listApi } from '../list-page/list-api';
import { ListTable } from '../list-page/list-table';
import { QueryForm, type QueryField } from '../list-page/query-form';
import { useListQuery } from '../list-page/use-list-query';
import { DrillBanner } from '../list-page/drill-filter';
import type { TableColumn } from '../table/types';
import { useColumnState } from '../table/use-column-state';

export interface ReadOnlyListProps<Row> {
  title: string;
  /**
   * The registry resource listed (src/shared/resources.ts): its API path answers POST list and, when
   * the resource declares an export button, POST export; the permission codes are its buttons'.
   */
  resource: ResourceWithApi;
  queryFields?: QueryField[];
  queryColumns?: number;
  columns: TableColumn<Row>[];
  rowKey?: string;
  /** Buttons beside export (purge, …). */
  toolbarExtra?: ReactNode;
  /** Turns the query form values into the query model (drop empty values, dates …). */
  toQuery?: (values: Record<string, unknown>) => Record<string, unknown>;
  /** A list that can be long: virtual rows loaded in batches as the user scrolls (see ListTable). */
  virtual?: { height: string | number; pageSize: number };
  /** Conditions on top of the query form, shown as a banner (list-page/drill-filter.tsx). */
  drill?: { filter: Record<string, unknown> | null; clear: () => void; label?: string };
}

const dropEmpty = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '' && v !== null && v !== undefined));

/**
 * A list the server writes and users only read (logs, login history, job runs, files): the query
 * form, the paged table with its column chooser, and export of the visible columns — no add or edit.
 */
export function ReadOnlyList<Row>({ title, resource: key, queryFields = [], columns, rowKey = 'id', toolbarExtra, toQuery = dropEmpty, queryColumns, virtual, drill }: ReadOnlyListProps<Row>) {
  const base = apiPath(key);
  const resource = useMemo(() => listApi<Row>(base), [base]);
  const perms = useMemo(() => crudPerms(key), [key]);
  const canList = useCan(perms.list);
  const canExport = useCan(perms.export);
  const { query, form: queryForm } = useListQuery(queryFields, toQuery);
  const columnState = useColumnState(columns, base);

  return (
    <Stack gap="sm">
      <Title order={4}>{title}</Title>
      {queryFields.length > 0 && (
        <QueryForm
          fields={queryFields}
          columns={queryColumns}
          {...queryForm}
        />
      )}
      {drill?.filter && <DrillBanner label={drill.label} onClear={drill.clear} />}
      <ListTable<Row>
        title={title}
        resource={resource}
        query={drill?.filter ? { ...query, ...drill.filter } : query}
        columns={columns}
        columnState={columnState}
        rowKey={rowKey}
        can={{ list: canList, export: canExport }}
        exportPerm={perms.export}
        toolbarStart={toolbarExtra}
        virtual={virtual}
      />
    </Stack>
  );
}
