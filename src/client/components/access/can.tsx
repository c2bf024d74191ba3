import { cloneElement, Fragment, isValidElement, type ReactNode } from 'react';
import type { MenuCode, PermissionCode } from '@shared/resources';
import { useCan, useHasMenu } from '../../lib/session';

/**
 * Renders its children only when the user holds the permission (spec §6 permission directive; user
 * id 1 always does). A single element child is marked with the code (`data-perm`), so usage analytics
 * (lib/analytics.ts) counts a press of the button as that action.
 */
export function Can({ perm, children, fallback = null }: { perm: PermissionCode; children: ReactNode; fallback?: ReactNode }) {
  if (!useCan(perm)) return <>{fallback}</>;
  const marked = isValidElement<Record<string, unknown>>(children) && children.type !== Fragment ? cloneElement(children, { 'data-perm': perm }) : children;
  return <>{marked}</>;
}

/** Renders its children only when one of the user's menus has this menuCode (spec §6 menu directive). */
export function HasMenu({ code, children, fallback = null }: { code: MenuCode; children: ReactNode; fallback?: ReactNode }) {
  return <>{useHasMenu(code) ? children : fallback}</>;
}
