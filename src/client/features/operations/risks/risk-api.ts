import { queryOptions } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import { keysOf } from '@client/lib/resource-keys';
import { RESOURCES } from '@shared/resources';
import type { RiskDismissed, RiskInfo } from '@shared/contracts/risk';

/** Units at risk beyond the list: one finding, and "not a problem". */
export const RISK_BASE = RESOURCES.risk.api;
export const riskKeys = keysOf('risk');

export const riskInfoQueryOptions = (id: number | null) =>
  queryOptions({ queryKey: riskKeys.info(id), queryFn: () => api.get<RiskInfo>(`${RISK_BASE}/info/${id}`), enabled: id !== null });

export const dismissRisk = (id: number) => api.post<RiskDismissed>(`${RISK_BASE}/dismiss`, { id });
