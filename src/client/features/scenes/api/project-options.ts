import type { SelectOption } from '../../../components/select/remote-select';
import type { PageResult } from '@shared/envelope';
import { api } from '../../../lib/api';
import { keysOf } from '../../../lib/resource-keys';
import { currentLocale } from '../../../lib/i18n';
import { localName } from '@shared/local-name';
import { apiPath } from '@client/lib/resources';

/** Per language: an option's label is the project's name in it. */
export const projectOptionsKey = (language: string) => keysOf('project').options('scene', language);
const OPTION_COUNT = 20;

/** Projects matching the typed text, for the scene and card project pickers. */
export async function projectOptions(search: string): Promise<SelectOption[]> {
  const page = await api.post<PageResult<{ id: number; name: string; nameEn: string }>>(apiPath('project', 'list'), { keyword: search || undefined, page: 1, limit: OPTION_COUNT });
  const language = currentLocale();
  return page.list.map((p) => ({ value: String(p.id), label: localName(p.name, p.nameEn, language) }));
}
