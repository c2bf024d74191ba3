/** A loader's result once normalised: the list and the total count (0 when the server gave none). */
export interface NormalizedPage<Row> {
  list: Row[];
  total: number;
}

type Counted<Row> = { list?: Row[] | null; total?: number | string | null; totalCount?: number | string | null };
/** Either response shape of spec §3: `{ page: { list, total|totalCount } }` or `{ list, total|totalCount }`. */
export type PageResponse<Row> = Counted<Row> | { page: Counted<Row> };

function isWrapped<Row>(value: PageResponse<Row>): value is { page: Counted<Row> } {
  const page = (value as { page?: unknown }).page;
  return typeof page === 'object' && page !== null;
}

export function normalizePage<Row>(result: PageResponse<Row> | null | undefined): NormalizedPage<Row> {
  if (!result) return { list: [], total: 0 };
  const body = isWrapped(result) ? result.page : result;
  const list = Array.isArray(body.list) ? body.list : [];
  const total = Number(body.total ?? body.totalCount ?? 0);
  return { list, total: Number.isFinite(total) ? total : 0 };
}
