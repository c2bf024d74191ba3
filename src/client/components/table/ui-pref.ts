import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import { resourceKeys } from '@client/lib/resource-keys';
import type { ColumnPrefs } from './types';

/** Column choices and order, remembered per user and screen on the server so they follow the user. */
const UI_PREF_PATH = '/sys/ui-pref';
const uiPrefPath = (screen: string) => `${UI_PREF_PATH}/${encodeURIComponent(screen)}`;

export function fetchUiPref(screen: string): Promise<ColumnPrefs | null> {
  return api.get<ColumnPrefs | null>(uiPrefPath(screen));
}

export function saveUiPref(screen: string, value: ColumnPrefs): Promise<unknown> {
  return api.post(uiPrefPath(screen), { value });
}

export const uiPrefQueryOptions = (screen: string) =>
  queryOptions({ queryKey: resourceKeys(UI_PREF_PATH).info(screen), queryFn: () => fetchUiPref(screen), staleTime: Infinity });

export function useSaveUiPref(screen: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: ColumnPrefs) => saveUiPref(screen, value),
    onMutate: (value) => queryClient.setQueryData(uiPrefQueryOptions(screen).queryKey, value),
  });
}
