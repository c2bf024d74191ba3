import { useQueries } from '@tanstack/react-query';
import type { PageResult } from '@shared/envelope';
import { OPEN_ORDER_STATUSES } from '@shared/contracts/order';
import { api } from '../../../lib/api';
import { keysOf } from '../../../lib/resource-keys';
import { useLiveRefresh } from '../../stats/api/refresh';

/** Keyed under the order resource, so an order's push event or save refreshes the counts. */
const orderKeys = keysOf('order');

/** The statuses of an order nobody has finished yet (one list with the server's). */
const OPEN = OPEN_ORDER_STATUSES;

/** Orders still open across all projects: the totals of one-row order lists, one per open status. */
export function useOpenOrders(enabled = true): { value: number | undefined; isSuccess: boolean } {
  const refetchInterval = useLiveRefresh();
  const results = useQueries({
    queries: OPEN.map((status) => ({
      queryKey: orderKeys.view('open-count', status),
      queryFn: ({ signal }: { signal: AbortSignal }) => api.post<PageResult<unknown>>('/ball/fallorder/list', { status, page: 1, limit: 1 }, { signal }),
      enabled,
      refetchInterval,
    })),
  });
  const isSuccess = results.every((r) => r.isSuccess);
  return { value: isSuccess ? results.reduce((n, r) => n + (r.data?.total ?? 0), 0) : undefined, isSuccess };
}
