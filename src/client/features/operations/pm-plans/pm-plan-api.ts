import { queryOptions } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import { apiPath } from '@client/lib/resources';
import { keysOf } from '@client/lib/resource-keys';
import type { PmDueRow } from '@shared/contracts/pm-plan';

/** What a project's plans have due next (GET /ball/fallpmplan/due?projectId=), soonest first. */
export const pmDueQueryOptions = (projectId: number | null) =>
  queryOptions({
    queryKey: keysOf('pmPlan').view('due', projectId),
    queryFn: () => api.get<PmDueRow[]>(`${apiPath('pmPlan', 'due')}?projectId=${projectId}`),
    enabled: projectId !== null,
  });

/** A project's boards, for a meter plan's channel. */
export const fetchBoardOptions = async (projectId: number | null, keyword: string) =>
  (await api.post<{ id: number; boardName: string; boardNo: string }[]>(apiPath('detect', 'listAll'), { ...(projectId ? { projectId } : {}), ...(keyword ? { boardName: keyword } : {}) })).map((b) => ({
    value: String(b.id),
    label: b.boardNo ? `${b.boardName} (${b.boardNo})` : b.boardName,
  }));
