import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient, type QueryFunctionContext, type QueryKey } from '@tanstack/react-query';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, type TableMode } from '@shared/constants';
import { normalizePage, type NormalizedPage, type PageResponse } from './normalize-page';

export type TableLoader<Row> = (page: number, pageSize: number) => Promise<PageResponse<Row> | null | undefined>;

export interface TableLoadResult<Row> extends NormalizedPage<Row> {
  page: number;
  pageSize: number;
}

/**
 * The query of one page of a resource, as a feature's `api/` module declares it with `queryOptions`
 * (e.g. listApi(base).listQueryOptions): its key starts with the resource's key root, so
 * invalidating the root refetches the page on screen.
 */
export interface PageQueryOptions<Row> {
  queryKey: QueryKey;
  /** As `queryOptions` gives it: called with the query's context. */
  queryFn?: (context: never) => PageResponse<Row> | null | undefined | Promise<PageResponse<Row> | null | undefined>;
}

export interface TableLoaderOptions<Row> {
  /** Loads a page (rows at hand, a call of its own); cached under `queryKey` when there is one. */
  loader?: TableLoader<Row>;
  /** The page query of a resource; takes the place of `loader` and `queryKey`. */
  pageQuery?: (page: number, pageSize: number) => PageQueryOptions<Row>;
  /** In 'scroll' mode batches are appended and the page grows after each one. @default 'pager' */
  mode?: TableMode;
  /** @default DEFAULT_PAGE_SIZE (10) */
  pageSize?: number;
  onSuccess?: (result: TableLoadResult<Row>) => void;
  onError?: (error: unknown) => void;
  /** Starts again from page 1 whenever this changes (a serialised query model, for instance). */
  reloadKey?: string;
  /**
   * The resource's key (e.g. `['/ball/fallorder', 'list', query]`): pages are cached under
   * `[...queryKey, { page, pageSize }]` (scroll mode: `[...queryKey, { pageSize, infinite: true }]`),
   * so invalidating the resource's key root after a save, a delete or a push event refetches the
   * page on screen. Without one the table's pages are its own (keyed by the table and `reloadKey`).
   */
  queryKey?: QueryKey;
  /** @default true */
  enabled?: boolean;
}

export interface TableLoaderState<Row> {
  list: Row[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  error: unknown;
  /** Scroll mode: the page count is below the next page, nothing more to load. */
  finished: boolean;
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
  /** Loads the current page again (pager) or starts over (scroll). */
  reload: () => void;
  /** Scroll mode: loads the next batch unless loading or finished. */
  loadMore: () => void;
  /** Shows the rows in another order, e.g. after a drag-sort, until the next answer. */
  setList: (list: Row[]) => void;
}

const EMPTY: NormalizedPage<never> = { list: [], total: 0 };

/** Whether a scroll table that has loaded `loaded` batches of `pageSize` out of `total` rows is done. */
const isFinished = (loaded: number, total: number, pageSize: number) => loaded > 0 && Math.ceil(total / pageSize) < loaded + 1;

/**
 * The table load cycle of spec §4 on the query cache: the rows shown are the cached answer of the
 * page on screen (useQuery, the previous page kept while the next loads) or of the batches loaded so
 * far (useInfiniteQuery in scroll mode); the table keeps no copy of its own. Every visit of a page
 * asks again (staleTime 0) and a failed load is not retried, as the table always did.
 */
export function useTableLoader<Row>(options: TableLoaderOptions<Row>): TableLoaderState<Row> {
  const { mode = 'pager', reloadKey = '', queryKey, enabled = true } = options;
  // Batches (appended as the user scrolls) in scroll mode, and in virtual mode over a resource's page
  // query: a long list (the operation log) renders only the rows in view and loads more near its end.
  // Virtual rows at hand come in one answer.
  const scroll = mode === 'scroll' || (mode === 'virtual' && options.pageQuery !== undefined);
  const queryClient = useQueryClient();
  const instance = useId();
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  // Page and size belong to the reload key they were chosen under: a new key starts at page 1.
  const [position, setPosition] = useState({ page: DEFAULT_PAGE as number, pageSize: options.pageSize ?? DEFAULT_PAGE_SIZE, reloadKey });
  const pageSize = position.pageSize;
  const pagerPage = position.reloadKey === reloadKey ? position.page : DEFAULT_PAGE;

  const root: QueryKey = queryKey ?? (options.pageQuery ? [...options.pageQuery(DEFAULT_PAGE, pageSize).queryKey, 'batches'] : ['data-table', instance, reloadKey, mode]);
  const fetchPage = async (page: number, size: number, context: QueryFunctionContext): Promise<PageResponse<Row> | null | undefined> => {
    const { pageQuery, loader } = latest.current;
    const queryFn = pageQuery?.(page, size).queryFn;
    // The page query's own function, given the context TanStack Query gives this one (its key is
    // the page query's key in pager mode); `never` is how its parameter is declared above.
    if (queryFn) return queryFn(context as never);
    if (!loader) throw new Error('a table needs a loader, a page query or rows');
    return loader(page, size);
  };
  const load = async (page: number, size: number, context: QueryFunctionContext): Promise<NormalizedPage<Row>> => normalizePage(await fetchPage(page, size, context));

  // The cache holds what was answered (a resource's page is shared with whoever else asks for it).
  const pagedKey: QueryKey = options.pageQuery ? options.pageQuery(pagerPage, pageSize).queryKey : [...root, { page: pagerPage, pageSize }];
  const batchKey: QueryKey = [...root, { pageSize, infinite: true }];
  const paged = useQuery({
    queryKey: pagedKey,
    queryFn: (context) => fetchPage(pagerPage, pageSize, context),
    select: normalizePage<Row>,
    enabled: enabled && !scroll,
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
    // A table's own rows (data at hand, a loader without a key) are not kept once it is gone.
    ...(queryKey || options.pageQuery ? {} : { gcTime: 0 }),
  });
  const batches = useInfiniteQuery({
    queryKey: batchKey,
    queryFn: (context) => load(context.pageParam, pageSize, context),
    initialPageParam: DEFAULT_PAGE as number,
    getNextPageParam: (last, all) => (isFinished(all.length, last.total, pageSize) ? undefined : all.length + 1),
    enabled: enabled && scroll,
    staleTime: 0,
    retry: false,
    ...(queryKey ? {} : { gcTime: 0 }),
  });
  const active = scroll ? batches : paged;

  const loaded: NormalizedPage<Row> = scroll
    ? batches.data
      ? { list: batches.data.pages.flatMap((p) => p.list), total: batches.data.pages[batches.data.pages.length - 1].total }
      : EMPTY
    : (paged.data ?? EMPTY);
  const batchCount = batches.data?.pages.length ?? 0;
  const page = scroll ? batchCount + 1 : pagerPage;

  // A drag-sort shows the rows in the new order until the cache gives another answer.
  const [sorted, setSorted] = useState<{ from: Row[]; list: Row[] } | null>(null);
  const list = sorted && sorted.from === loaded.list ? sorted.list : loaded.list;

  // Success and error events, once per answer.
  const announced = useRef({ data: 0, error: 0 });
  useEffect(() => {
    if (active.isFetching) return;
    if (active.status === 'success' && active.dataUpdatedAt !== announced.current.data) {
      announced.current.data = active.dataUpdatedAt;
      const loadedPage = scroll ? batchCount : pagerPage;
      const last = scroll ? batches.data?.pages[batchCount - 1] : paged.data;
      if (last) latest.current.onSuccess?.({ ...last, page: loadedPage, pageSize });
    } else if (active.status === 'error' && active.errorUpdatedAt !== announced.current.error) {
      announced.current.error = active.errorUpdatedAt;
      latest.current.onError?.(active.error);
    }
  });

  const setPage = useCallback((next: number) => setPosition((p) => ({ ...p, page: next, reloadKey })), [reloadKey]);
  const setPageSize = useCallback((size: number) => setPosition({ page: DEFAULT_PAGE, pageSize: size, reloadKey }), [reloadKey]);

  // A reload shows as loading from the moment it is asked for (the cache tells its observers a
  // moment later), until its answer or error arrives.
  const activeKey = JSON.stringify(scroll ? batchKey : pagedKey);
  const [asked, setAsked] = useState<{ key: string; data: number; error: number } | null>(null);
  const waiting = asked !== null && asked.key === activeKey && asked.data === active.dataUpdatedAt && asked.error === active.errorUpdatedAt;

  const { refetch } = paged;
  const { dataUpdatedAt, errorUpdatedAt } = active;
  const reload = useCallback(() => {
    setAsked({ key: activeKey, data: dataUpdatedAt, error: errorUpdatedAt });
    // Scroll mode starts over from the first batch; pager mode asks for the page on screen again.
    if (scroll) void queryClient.resetQueries({ queryKey: JSON.parse(activeKey) as QueryKey, exact: true });
    else void refetch();
  }, [scroll, queryClient, activeKey, dataUpdatedAt, errorUpdatedAt, refetch]);

  const { fetchNextPage, hasNextPage, isFetching: fetchingBatch } = batches;
  const loadMore = useCallback(() => {
    if (fetchingBatch || !hasNextPage) return;
    void fetchNextPage();
  }, [fetchingBatch, hasNextPage, fetchNextPage]);

  const setList = useCallback((next: Row[]) => setSorted({ from: loaded.list, list: next }), [loaded.list]);

  const finished = scroll && batches.data !== undefined && !batches.hasNextPage;
  return {
    list,
    total: loaded.total,
    page,
    pageSize,
    loading: active.isFetching || waiting,
    // A new load clears the last error, as the table always showed it.
    error: active.isFetching || waiting ? null : active.error,
    finished,
    setPage,
    setPageSize,
    reload,
    loadMore,
    setList,
  };
}
