import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DictType } from '@shared/contracts/dictionary';
import { localName } from '@shared/local-name';
import { api } from '@client/lib/api';
import { resourceKeys } from '@client/lib/resource-keys';
import { apiPath } from '@client/lib/resources';

export const DICTIONARY_BASE = apiPath('dictionary');
export const dictionaryKeys = resourceKeys(DICTIONARY_BASE);

/** The dictionary types (the list's query field, the entry form and the types dialog). */
export const typesQuery = { queryKey: dictionaryKeys.view('types'), queryFn: () => api.post<DictType[]>(`${DICTIONARY_BASE}/type/listAll`, {}) };

export function useTypeOptions() {
  const { i18n } = useTranslation();
  const { data = [] } = useQuery(typesQuery);
  return data.map((d) => ({ value: d.type, label: `${localName(d.name, d.nameEn, i18n.language)} (${d.type})` }));
}
