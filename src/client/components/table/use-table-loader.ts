import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, type TableMode } from '@shared/constants';
import { normalizePage, type NormalizedPage, type PageResponse } from './normalize-page';

export type TableLoader<Row> = (page: number, pageSize: number) => Promise<PageResponse<Row> | null | undefined>;

export interface TableLoadResult<Row> extends NormalizedPage<Row> {
  page: number;
  pageSize: number;
}

export interface TableLoaderOptions<Row> {
  loader: TableLoader<Row>;
  /** In 'scroll' mode batches are appended and the page grows after each one. @default 'pager' */
  mode?: TableMode;
  /** @default DEFAULT_PAGE_SIZE (10) */
  pageSize?: number;
  onSuccess?: (result: TableLoadResult<Row>) => void;
  onError?: (error: unknown) => void;
  /** Starts again from page 1 whenever this changes (a serialised query model, for instance). */
  reloadKey?: string;
  /**
   * Loads go through the query cache under `[...queryKey, { page, pageSize }]`, so invalidating
   * `queryKey` (after a save, a delete or a push event) reloads the table.
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
  /** Replaces the rows shown, e.g. after a drag-sort. */
  setList: (list: Row[]) => void;
}

/** The table load cycle of seed §4. */
export function useTableLoader<Row>(options: TableLoaderOptions<Row>): TableLoaderState<Row> {
  const { mode = 'pager', reloadKey = '', queryKey, enabled = true } = options;
  const queryClient = useQueryClient();
  const [list, setList] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPageState] = useState<number>(DEFAULT_PAGE);
  const [pageSize, setPageSizeState] = useState<number>(options.pageSize ?? DEFAULT_PAGE_SIZE);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const latest = useRef(options);
  const sequence = useRef(0);
  const loadingRef = useRef(false);
  const position = useRef({ page: DEFAULT_PAGE as number, pageSize: options.pageSize ?? DEFAULT_PAGE_SIZE, total: 0 });
  useEffect(() => {
    latest.current = options;
  });

  const load = useCallback(
    async (targetPage: number, size: number, append: boolean) => {
      const seq = ++sequence.current;
      loadingRef.current = true;
      setLoading(true);
      setError(null);
      try {
        const call = () => latest.current.loader(targetPage, size);
        const key = latest.current.queryKey;
        const raw = key
          ? await queryClient.fetchQuery({ queryKey: [...key, { page: targetPage, pageSize: size }], queryFn: call, staleTime: 0 })
          : await call();
        if (seq !== sequence.current) return;
        const result = normalizePage(raw);
        setList((previous) => (append ? [...previous, ...result.list] : result.list));
        setTotal(result.total);
        position.current.total = result.total;
        if (latest.current.mode === 'scroll') {
          position.current.page = targetPage + 1;
          setPageState(targetPage + 1);
        }
        latest.current.onSuccess?.({ ...result, page: targetPage, pageSize: size });
      } catch (err) {
        if (seq !== sequence.current) return;
        setError(err);
        latest.current.onError?.(err);
      } finally {
        if (seq === sequence.current) {
          loadingRef.current = false;
          setLoading(false);
        }
      }
    },
    [queryClient],
  );

  const start = useCallback(() => {
    position.current.page = DEFAULT_PAGE;
    setPageState(DEFAULT_PAGE);
    void load(DEFAULT_PAGE, position.current.pageSize, false);
  }, [load]);

  useEffect(() => {
    if (enabled) start();
  }, [enabled, reloadKey, mode, start]);

  const setPage = useCallback(
    (next: number) => {
      position.current.page = next;
      setPageState(next);
      void load(next, position.current.pageSize, false);
    },
    [load],
  );

  const setPageSize = useCallback(
    (size: number) => {
      position.current.pageSize = size;
      setPageSizeState(size);
      start();
    },
    [start],
  );

  const reload = useCallback(() => {
    if (latest.current.mode === 'scroll') start();
    else void load(position.current.page, position.current.pageSize, false);
  }, [load, start]);

  const isFinished = () => position.current.page > 1 && Math.ceil(position.current.total / position.current.pageSize) < position.current.page;

  const loadMore = useCallback(() => {
    if (loadingRef.current || isFinished()) return;
    void load(position.current.page, position.current.pageSize, true);
  }, [load]);

  // A small query under the table's key: invalidating the resource (after a save, a delete or a push
  // event) refetches it because it is active, and each new answer reloads the table.
  const watch = useQuery({
    queryKey: [...(queryKey ?? ['table-loader']), 'table-watch'],
    queryFn: () => Date.now(),
    enabled: !!queryKey,
    staleTime: Infinity,
  });
  const watched = useRef(0);
  useEffect(() => {
    const previous = watched.current;
    watched.current = watch.dataUpdatedAt;
    if (previous !== 0 && watch.dataUpdatedAt !== previous) reload();
  }, [watch.dataUpdatedAt, reload]);

  const finished = mode === 'scroll' && page > 1 && Math.ceil(total / pageSize) < page;
  return { list, total, page, pageSize, loading, error, finished, setPage, setPageSize, reload, loadMore, setList };
}
