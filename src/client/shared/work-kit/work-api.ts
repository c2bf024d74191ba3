import { api } from '@client/lib/api';
import { keysOf } from '@client/lib/resource-keys';
import { currentLocale } from '@client/lib/i18n';
import { localName } from '@shared/local-name';
import type { ProjectOption } from '@shared/contracts/project';
import type { SelectOption } from '@client/components/select/remote-select';

/**
 * What the operations work screens share: pickers (projects, equipment, orders, device models) and
 * the file service (from lib/files, shared with the project screens).
 */
const toOptions = (rows: { id: number; name: string; nameEn?: string; number?: string }[]): SelectOption[] => {
  const language = currentLocale();
  return rows.map((r) => {
    const name = localName(r.name, r.nameEn, language);
    return { value: String(r.id), label: r.number ? `${r.number} ${name}` : name };
  });
};

/** What a project picker caches its options under: per language, the label is the name in it. */
export const projectOptionsKey = (language: string) => keysOf('project').options(language);

/** Pickers send title=1 and get id and name (spec §7 "Other calls"); an English screen shows the English name. */
export const fetchProjectOptions = async (keyword: string): Promise<SelectOption[]> => {
  const rows = await api.post<ProjectOption[]>('/ball/fallproject/selectProjects', { title: 1, ...(keyword ? { keyword } : {}) });
  const language = currentLocale();
  return rows.map((r) => ({ value: String(r.id), label: localName(r.name, r.nameEn, language) }));
};

export const fetchEquipmentOptions = async (projectId: number | null, keyword: string) =>
  toOptions(await api.post<{ id: number; name: string; nameEn: string }[]>('/ball/falleqinfo/listAll', { ...(projectId ? { projectId } : {}), ...(keyword ? { keyword } : {}) }));

export const fetchOrderOptions = async (keyword: string) =>
  toOptions(await api.post<{ id: number; name: string; number: string }[]>('/ball/fallorder/listAll', { title: 1, ...(keyword ? { keyword } : {}) }));

export const fetchChecklistOptions = async (keyword: string) =>
  toOptions(await api.post<{ id: number; name: string; nameEn: string }[]>('/ball/fallchecklist/listAll', keyword ? { keyword } : {}));

export const fetchDeviceOptions = async (keyword: string) =>
  toOptions(await api.post<{ id: number; name: string; nameEn: string }[]>('/ball/falldevice/listAll', keyword ? { keyword } : {}));


export { downloadUrl, fileMetaQueryOptions, openFileOnClick, uploadFile, useFileSrc } from '@client/lib/files';
