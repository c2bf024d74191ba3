import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import type { LiveOptions } from './refresh';

/** A published notice in force now (sys/content/current). */
export interface CurrentNotice {
  id: number;
  title: string;
  /** The notice in English; '' when it has none (the wall shows the Chinese then). */
  titleEn: string;
  body: string;
  bodyEn: string;
}

export const getCurrentNotices = (signal?: AbortSignal) => api.get<CurrentNotice[]>('/sys/content/current', { signal });

export const currentNoticesQueryOptions = () => queryOptions({ queryKey: ['content', 'current'], queryFn: ({ signal }) => getCurrentNotices(signal) });

export const useCurrentNotices = (live: LiveOptions = {}) => useQuery({ ...currentNoticesQueryOptions(), ...live });
