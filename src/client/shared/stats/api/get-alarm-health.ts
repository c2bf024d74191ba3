import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import { saveResponse } from '@client/lib/download';
import type { AlarmHealth, AlarmHealthQuery, AlarmHealthRow, AlarmHealthUnit, HealthFigure, HealthUnitFigure } from '@shared/contracts/alarm-health';
import { RESOURCES } from '@shared/resources';

const BASE = RESOURCES.alarmHealth.api;

/** The alarm system's health over days (fall/alarm-health). */
export const alarmHealthQueryOptions = (query: AlarmHealthQuery) =>
  queryOptions({
    queryKey: [BASE, 'figures', query],
    queryFn: ({ signal }) => api.post<AlarmHealth>(`${BASE}/figures`, query, { signal }),
    placeholderData: keepPreviousData,
  });

/** A page of the alarms one figure counts. */
export const alarmHealthRowsQueryOptions = (query: AlarmHealthQuery, drill: { figure: HealthFigure; key?: string } | null, page: number, limit: number) =>
  queryOptions({
    queryKey: [BASE, 'drill', query, drill?.figure, drill?.key, page, limit],
    queryFn: ({ signal }) => api.post<{ total: number; rows: AlarmHealthRow[] }>(`${BASE}/drill`, { ...query, figure: drill!.figure, key: drill!.key, page, limit }, { signal }),
    enabled: !!drill,
    placeholderData: keepPreviousData,
  });

/** A page of the units an out-of-service figure counts. */
export const alarmHealthUnitsQueryOptions = (query: AlarmHealthQuery, figure: HealthUnitFigure | null, page: number, limit: number) =>
  queryOptions({
    queryKey: [BASE, 'units', query, figure, page, limit],
    queryFn: ({ signal }) => api.post<{ total: number; rows: AlarmHealthUnit[] }>(`${BASE}/units`, { ...query, figure: figure!, page, limit }, { signal }),
    enabled: !!figure,
    placeholderData: keepPreviousData,
  });

/** Downloads the figures, the sources, the flood episodes, the units out of service and the alarms as xlsx; returns the file name. */
export async function exportAlarmHealth(query: AlarmHealthQuery): Promise<string> {
  const response = await api.post<Response>(`${BASE}/export`, query, { raw: true });
  return saveResponse(response, 'alarm-health.xlsx');
}
