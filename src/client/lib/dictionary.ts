import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DictionaryEntry } from '@shared/contracts/dictionary';
import { api } from './api';
import { keysOf } from './resource-keys';

/** Dictionaries change rarely; every screen shares one cached copy per type. */
const DICTIONARY_STALE_MS = 10 * 60_000;

/** POST /sys/sysdictionary/dictionary {type}: the enabled items of a type, in sort order. */
export const fetchDictionary = (type: string) => api.post<DictionaryEntry[]>('/sys/sysdictionary/dictionary', { type });

/** Query key ['/sys/sysdictionary', 'dictionary', type]: the dictionary screen invalidates ['/sys/sysdictionary'] after a change. */
export const dictionaryQueryOptions = (type: string) =>
  queryOptions({
    queryKey: keysOf('dictionary').view('dictionary', type),
    queryFn: () => fetchDictionary(type),
    staleTime: DICTIONARY_STALE_MS,
    gcTime: DICTIONARY_STALE_MS * 3,
  });

export interface UseDictionary {
  items: DictionaryEntry[];
  isLoading: boolean;
  /** The label in the current language (English falls back to Chinese); the value itself when unknown. */
  labelOf: (value: string | number | null | undefined) => string;
  /** Options for a Mantine Select: {value, label} in the current language. */
  options: { value: string; label: string }[];
}

/** A dictionary by type (bill_type, sex, xmzt, water_type …) with labels in the current language. */
export function useDictionary(type: string): UseDictionary {
  const { i18n } = useTranslation();
  const query = useQuery(dictionaryQueryOptions(type));
  const items = query.data ?? [];
  const english = i18n.language === 'en';
  const label = (e: DictionaryEntry) => (english && e.labelEn ? e.labelEn : e.label);
  return {
    items,
    isLoading: query.isLoading,
    labelOf: (value) => {
      if (value === null || value === undefined || value === '') return '';
      const hit = items.find((e) => e.value === String(value));
      return hit ? label(hit) : String(value);
    },
    options: items.map((e) => ({ value: e.value, label: label(e) })),
  };
}
