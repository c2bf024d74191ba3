import { api } from '@client/lib/api';
import type { SelectOption } from '@client/components/select/remote-select';

/**
 * What the operations work screens share: pickers (projects, equipment, orders, device models) and
 * the file service (from lib/files, shared with the project screens).
 */
const toOptions = (rows: { id: number; name: string; number?: string }[]): SelectOption[] =>
  rows.map((r) => ({ value: String(r.id), label: r.number ? `${r.number} ${r.name}` : r.name }));

/** Pickers send title=1 and get id and name (seed §7 "Other calls"). */
export const fetchProjectOptions = async (keyword: string) =>
  toOptions(await api.post<{ id: number; name: string }[]>('/ball/fallproject/selectProjects', { title: 1, ...(keyword ? { keyword } : {}) }));

export const fetchEquipmentOptions = async (projectId: number | null, keyword: string) =>
  toOptions(await api.post<{ id: number; name: string }[]>('/ball/falleqinfo/listAll', { ...(projectId ? { projectId } : {}), ...(keyword ? { keyword } : {}) }));

export const fetchOrderOptions = async (keyword: string) =>
  toOptions(await api.post<{ id: number; name: string; number: string }[]>('/ball/fallorder/listAll', { title: 1, ...(keyword ? { keyword } : {}) }));

export const fetchDeviceOptions = async (keyword: string) =>
  toOptions(await api.post<{ id: number; name: string }[]>('/ball/falldevice/listAll', keyword ? { keyword } : {}));


export { fileMetaQueryOptions, uploadFile, withToken } from '@client/lib/files';
