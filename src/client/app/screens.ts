import type { ComponentType } from 'react';

/**
 * The screens that menu entries open, keyed by the menu url without its leading slash, exactly as
 * the menu table stores it (e.g. `'fall/project'`, `'sys/user'`). Add one line per screen:
 *
 *   'sys/user': () => import('../features/system/users/users-page'),
 *
 * A menu whose url has no entry here shows a "not built yet" placeholder inside the layout.
 */
export const SCREENS: Record<string, () => Promise<{ default: ComponentType }>> = {};
