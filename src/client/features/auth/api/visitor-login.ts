import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const VISITOR_LOGIN_PATH = '/ball/public/login2';

export interface VisitorLoginBody {
  projectId: number;
  password: string;
}

/** POST /ball/public/login2 → {token}: a read-only visitor token for one public project (docs/domain.md §6). */
export function visitorLoginRequest(body: VisitorLoginBody): Promise<{ token: string }> {
  return api.post<{ token: string }>(VISITOR_LOGIN_PATH, body);
}

export function useVisitorLogin() {
  return useMutation({ mutationFn: visitorLoginRequest });
}
