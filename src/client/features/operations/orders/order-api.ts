import { queryOptions } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import { resourceKeys } from '@client/lib/resource-keys';
import type { OrderDetail } from '@shared/contracts/order';
import { apiPath } from '@client/lib/resources';
import type { RiskRow } from '@shared/contracts/risk';
import type { ReportFiled } from '@shared/contracts/report';
import { keysOf } from '@client/lib/resource-keys';

/** Maintenance orders beyond the list pattern: detail with reports, accept, close, file a report. */
export const ORDER_BASE = apiPath('order');
export const REPORT_BASE = apiPath('report');
export const orderKeys = resourceKeys(ORDER_BASE);
export const reportKeys = resourceKeys(REPORT_BASE);

/** The order with its stored reports (the contract the server answers through: no projectNameEn or dataIssue on a report). */
export type { OrderDetail };

export const orderDetailQueryOptions = (id: number | null) =>
  queryOptions({ queryKey: orderKeys.info(id), queryFn: () => api.get<OrderDetail>(`${ORDER_BASE}/info/${id}`), enabled: id !== null });

/** A preventive order's finding (its reason and the trend behind it); null for an order of another source. */
export const orderRiskQueryOptions = (orderId: number | null) =>
  queryOptions({ queryKey: keysOf('risk').view('byOrder', orderId), queryFn: () => api.get<RiskRow | null>(apiPath('risk', 'byOrder', orderId ?? '')), enabled: orderId !== null });

export const acceptOrder = (id: number) => api.post<{ id: number; status: string }>(`${ORDER_BASE}/accept`, { id });
export const closeOrder = (id: number) => api.post<{ id: number; status: string }>(`${ORDER_BASE}/close`, { id });
export const fileReport = (body: Record<string, unknown>) => api.post<ReportFiled>(`${REPORT_BASE}/save`, body);
