import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import i18n from '../../src/client/lib/i18n';
import { clearSession, login } from '../../src/client/lib/session';
import { loginRequest } from '../../src/client/features/auth/api/login';
import { AppProviders } from './app-providers';
import { createAppRouter } from '../../src/client/app/router';
import { resetMenus } from '../../src/client/app/menu-store';
import { reloadTabs } from '../../src/client/app/tabs-store';
import { reloadLayoutPrefs } from '../../src/client/app/layout-store';

// Screens are lazy chunks that Vite transforms on first import, which can take seconds in a cold run.

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
  await Promise.all([import('../../src/client/app/mantine-shell'), import('../../src/client/app/screen-loading'), import('../../src/client/app/menu-screen'), import('../../src/client/app/main-layout'), import('../../src/client/app/not-found-page')]);
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
