import { queryOptions } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import { keysOf } from '@client/lib/resource-keys';
import { apiPath } from '@client/lib/resources';
import type { RiskDismissed, RiskInfo } from '@shared/contracts/risk';

/** Units at risk beyond the list: one finding, and "not a problem". */
export const riskKeys = keysOf('risk');

export const riskInfoQueryOptions = (id: number | null) =>
  queryOptions({ queryKey: riskKeys.info(id), queryFn: () => api.get<RiskInfo>(apiPath('risk', 'info', id ?? '')), enabled: id !== null });

export const dismissRisk = (id: number) => api.post<RiskDismissed>(apiPath('risk', 'dismiss'), { id });
