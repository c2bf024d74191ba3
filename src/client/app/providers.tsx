import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { MODAL_BASE_Z_INDEX, NOTIFICATION_DURATION_MS } from '@shared/constants';
import i18n from '../lib/i18n';
import { queryClient as defaultQueryClient } from '../lib/query-client';
import { LiveBridge } from '../lib/live';
import { layoutColorSchemeManager } from './layout-store';
import { theme } from './theme';

const Notifications = lazy(() => import('./notification-stack'));

/**
 * The notification stack is downloaded when the first notification is shown, not with every route:
 * `notifications.show()` only fills the store, which keeps it until the stack mounts and draws it.
 */
function LazyNotifications() {
  const { notifications, queue } = useNotifications();
  const pending = notifications.length + queue.length > 0;
  const [wanted, setWanted] = useState(pending);
  useEffect(() => {
    if (pending) setWanted(true);
  }, [pending]);
  if (!wanted && !pending) return null;
  return (
    <Suspense fallback={null}>
      <Notifications autoClose={NOTIFICATION_DURATION_MS} zIndex={MODAL_BASE_Z_INDEX + 100} />
    </Suspense>
  );
}

/**
 * Everything a screen relies on: theme and skin, notifications, server state, i18n. No @mantine/modals
 * provider: no screen opens `modals.*` (the kit has its own Dialog and message box), and it pulled
 * Modal, ScrollArea and floating-ui into every route, the login and the wall included.
 */
export function AppProviders({
  children,
  queryClient = defaultQueryClient,
  env,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  /** `test` turns off Mantine transitions and portals (jsdom runs no CSS transitions). */
  env?: 'default' | 'test';
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} colorSchemeManager={layoutColorSchemeManager} defaultColorScheme="light" env={env}>
        <LazyNotifications />
        <QueryClientProvider client={queryClient}>
          {env !== 'test' && <LiveBridge />}
          {children}
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
