import { queryOptions } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import { keysOf } from '@client/lib/resource-keys';
import { RESOURCES } from '@shared/resources';
import type { BoardInfo, BoardTrend } from '@shared/contracts/detect';
import type { WarningNoticeRow } from '@shared/contracts/escalation';

/** Detection boards beyond the list pattern: channels, report keys, and dealing with warnings. */
export const DETECT_BASE = RESOURCES.detect.api;
export const WARNING_BASE = RESOURCES.warning.api;
export const detectKeys = keysOf('detect');
export const warningKeys = keysOf('warning');

export const boardInfoQueryOptions = (id: number | null) =>
  queryOptions({ queryKey: detectKeys.info(id), queryFn: () => api.get<BoardInfo>(`${DETECT_BASE}/info/${id}`), enabled: id !== null });

export interface ChannelEdit {
  ch: number;
  label: string;
  labelEn: string;
  equipmentId: number | null;
  analogMin: number;
  analogMax: number;
  /** The analog value's unit, on its trend's axis. */
  unit: string;
  /** The checklist item whose numbers are this channel read by hand (drawn in its trend); empty: none. */
  checkKey: string;
  /** Alarm conditioning (docs/alarms.md): null inherits the unit's device model's. */
  onDelaySeconds: number | null;
  offDelaySeconds: number | null;
  deadband: number | null;
  repeatCount: number | null;
  repeatMinutes: number | null;
}
export const updateChannels = (id: number, channels: ChannelEdit[]) => api.post<{ id: number }>(`${DETECT_BASE}/channels/update`, { id, channels });
export const issueBoardKey = (id: number) => api.post<{ id: number; boardKey: string }>(`${DETECT_BASE}/key`, { id });
/** Someone has seen the alarm: every wall stops sounding. */
/** Acknowledges an alarm; the comment is optional (the server keeps it with the warning). */
export const ackWarning = (id: number, comment?: string) => api.post(`${WARNING_BASE}/ack`, comment?.trim() ? { id, comment: comment.trim() } : { id });
/** The alarm stops sounding until its end (at most alarm.shelveMaxMinutes), for a reason; it stays open. */
export const shelveWarning = (body: { id: number; minutes: number; reason: string }) => api.post<{ ids: number[]; until: string }>(`${WARNING_BASE}/shelve`, body);
export const unshelveWarning = (id: number) => api.post<{ ids: number[] }>(`${WARNING_BASE}/unshelve`, { id });
export const dealWarning = (body: { id: number; result: 'fixed' | 'not_fixed'; note: string }) => api.post(`${WARNING_BASE}/deal`, body);

/** Each channel's last `hours` from the downsampled history. */
export const boardTrendQueryOptions = (id: number | null, hours = 24) =>
  queryOptions({ queryKey: detectKeys.view('trend', id, hours), queryFn: () => api.get<BoardTrend>(`${DETECT_BASE}/trend/${id}?hours=${hours}`), enabled: id !== null });

/** What the escalation told people of one warning (e-mails and webhooks, with their outcome). */
export const warningNoticesQueryOptions = (id: number | null) =>
  queryOptions({ queryKey: warningKeys.view('notices', id), queryFn: () => api.get<WarningNoticeRow[]>(`${WARNING_BASE}/notices/${id}`), enabled: id !== null });
