import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import type { StatOrder, StatOrdersQuery } from '@shared/contracts/stats';
import type { PageResult } from '@shared/envelope';

export const getStatOrders = (query: StatOrdersQuery, signal?: AbortSignal) =>
  api.post<PageResult<StatOrder>>('/ball/fallproject/statOrders', query, { signal });

export const statOrdersQueryOptions = (query: StatOrdersQuery) =>
  queryOptions({ queryKey: ['stats', 'statOrders', query], queryFn: ({ signal }) => getStatOrders(query, signal), placeholderData: keepPreviousData });

/** The orders behind one chart point; disabled until a point is picked. */
export const useStatOrders = (query: StatOrdersQuery | null) =>
  useQuery({ ...statOrdersQueryOptions(query ?? ({} as StatOrdersQuery)), enabled: !!query });
