/** The response envelope of docs/domain.md §1 and the paged list shape. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export interface PageResult<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
  pages: number;
}

export interface FieldErrors {
  fields: Record<string, string>;
}

export function pageOf<T>(list: T[], total: number, page: number, limit: number): PageResult<T> {
  return { list, total, page, limit, pages: limit > 0 ? Math.ceil(total / limit) : 0 };
}
