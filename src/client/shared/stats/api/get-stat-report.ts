import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import type { StatReport, StatReportQuery } from '@shared/contracts/stats-report';
import { RESOURCES } from '@shared/resources';
import { saveResponse } from '@client/lib/download';

const BASE = RESOURCES.statistics.api;

/** The statistics screen's figures (fall/stats): the wall's statistics over a range with filters and the previous range. */
export const getStatReport = (query: StatReportQuery, signal?: AbortSignal) => api.post<StatReport>(`${BASE}/figures`, query, { signal });

export const statReportQueryOptions = (query: StatReportQuery) =>
  queryOptions({ queryKey: [BASE, 'figures', query], queryFn: ({ signal }) => getStatReport(query, signal), placeholderData: keepPreviousData });

export const useStatReport = (query: StatReportQuery, enabled = true) => useQuery({ ...statReportQueryOptions(query), enabled });

/** Downloads the view as xlsx (one sheet per chart, then the orders behind the figures); returns the file name. */
export async function exportStatReport(query: StatReportQuery): Promise<string> {
  const response = await api.post<Response>(`${BASE}/export`, query, { raw: true });
  return saveResponse(response, 'statistics.xlsx');
}
