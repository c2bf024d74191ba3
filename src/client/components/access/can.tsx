import type { ReactNode } from 'react';
import { useCan, useHasMenu } from '../../lib/session';

/** Renders its children only when the user holds the permission (spec §6 permission directive; user id 1 always does). */
export function Can({ perm, children, fallback = null }: { perm: string; children: ReactNode; fallback?: ReactNode }) {
  return <>{useCan(perm) ? children : fallback}</>;
}

/** Renders its children only when one of the user's menus has this menuCode (spec §6 menu directive). */
export function HasMenu({ code, children, fallback = null }: { code: string; children: ReactNode; fallback?: ReactNode }) {
  return <>{useHasMenu(code) ? children : fallback}</>;
}
