import type { SelectOption } from '../../../components/select/remote-select';
import type { PageResult } from '@shared/envelope';
import { api } from '../../../lib/api';

export const PROJECT_OPTIONS_KEY = ['/ball/fallproject', 'options'] as const;
const OPTION_COUNT = 20;

/** Projects matching the typed text, for the scene and card project pickers. */
export async function projectOptions(search: string): Promise<SelectOption[]> {
  const page = await api.post<PageResult<{ id: number; name: string }>>('/ball/fallproject/list', { keyword: search || undefined, page: 1, limit: OPTION_COUNT });
  return page.list.map((p) => ({ value: String(p.id), label: p.name }));
}
