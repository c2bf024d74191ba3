import { queryOptions } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import { resourceKeys } from '@client/lib/resource-keys';
import type { PageResult } from '@shared/envelope';
import { saveResponse } from '@client/lib/download';

export type ExportFormat = 'xlsx' | 'csv';
export interface ExportColumn {
  prop: string;
  label: string;
}

/**
 * The calls every list-and-edit resource answers (spec §7 pattern), e.g. base '/ball/fallorder':
 * POST list, GET info/{id}, POST save, POST update, POST delete (ids), POST export (file).
 * Query keys start with the base path (resourceKeys), so invalidating `[base]` refreshes everything of
 * the resource: its pages, its records, its options.
 */
export function listApi<Row, Values = Partial<Row>>(base: string) {
  const keys = resourceKeys(base);
  const list = (query: Record<string, unknown>, page: number, limit: number) => api.post<PageResult<Row>>(`${base}/list`, { ...query, page, limit });
  return {
    keys,
    listKey: keys.list,
    list,
    /** One page of the list with the applied query model, as the list table asks for it. */
    listQueryOptions: (query: Record<string, unknown>, page: number, limit: number) =>
      queryOptions({ queryKey: [...keys.list(query), { page, pageSize: limit }], queryFn: () => list(query, page, limit) }),
    infoQueryOptions: (id: string | number) => queryOptions({ queryKey: keys.info(id), queryFn: () => api.get<Row>(`${base}/info/${id}`) }),
    save: (values: Values) => api.post<unknown>(`${base}/save`, values),
    update: (values: Values & { id: string | number }) => api.post<unknown>(`${base}/update`, values),
    remove: (ids: Array<string | number>) => api.post<unknown>(`${base}/delete`, ids),
    /** Archivable resources (projects, equipment, boards): bring archived rows back. */
    restore: (ids: Array<string | number>) => api.post<{ restored: number }>(`${base}/restore`, ids),
    exportFile: async (query: Record<string, unknown>, columns: ExportColumn[], format: ExportFormat, fallbackName: string) => {
      const response = await api.post<Response>(`${base}/export`, { ...query, columns, format }, { raw: true });
      return saveResponse(response, `${fallbackName}.${format}`);
    },
  };
}

export type ListApi<Row, Values = Partial<Row>> = ReturnType<typeof listApi<Row, Values>>;
