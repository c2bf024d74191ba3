import { configure, render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import i18n from '../lib/i18n';
import { clearSession, login } from '../lib/session';
import { loginRequest } from '../features/auth/api/login';
import { AppProviders } from './providers';
import { createAppRouter } from './router';
import { resetMenus } from './menu-store';
import { reloadTabs } from './tabs-store';
import { reloadLayoutPrefs } from './layout-store';

// Screens are lazy chunks that Vite transforms on first import, which can take seconds in a cold run.
configure({ asyncUtilTimeout: 10_000 });

/** Test support: the whole app on a memory router at `path`, with fresh client-side state. */
export function renderApp(path: string) {
  const router = createAppRouter((routes, opts) => createMemoryRouter(routes, { ...opts, initialEntries: [path] }));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: 0 }, mutations: { retry: false } } });
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}

/**
 * Transforms the app shell's lazy chunks (Mantine's layout route, the loading screen, the menu
 * screens, the back-office layout) before a test's clock starts: in a cold run each takes seconds.
 */
export async function warmUpShell(): Promise<void> {
  await Promise.all([import('./mantine-shell'), import('./screen-loading'), import('./menu-screen'), import('./main-layout'), import('./not-found-page')]);
}

/** Forgets the session, menus, tabs, layout and language left by an earlier test. */
export async function resetClientState(): Promise<void> {
  clearSession();
  resetMenus();
  reloadTabs();
  reloadLayoutPrefs();
  window.__APP_CONFIG__ = undefined;
  await i18n.changeLanguage('cn');
}

/** Signs in through the MSW login handler, as the login page would, without a captcha. */
export async function signIn(username: 'admin' | 'operator'): Promise<void> {
  const result = await loginRequest({ username, password: `${username}123`, captcha: '', uuid: '' });
  login(result.token, result.user);
}
