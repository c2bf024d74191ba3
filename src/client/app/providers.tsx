import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { MODAL_BASE_Z_INDEX, NOTIFICATION_DURATION_MS } from '@shared/constants';
import i18n from '../lib/i18n';
import { queryClient as defaultQueryClient } from '../lib/query-client';
import { LiveBridge } from '../lib/live';
import { layoutColorSchemeManager } from './layout-store';
import { theme } from './theme';

/** Everything a screen relies on: theme and skin, notifications, modals, server state, i18n. */
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
        <Notifications autoClose={NOTIFICATION_DURATION_MS} zIndex={MODAL_BASE_Z_INDEX + 100} />
        <QueryClientProvider client={queryClient}>
          {env !== 'test' && <LiveBridge />}
          <ModalsProvider>{children}</ModalsProvider>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
