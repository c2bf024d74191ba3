import { useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import i18n from '../lib/i18n';
import { queryClient as defaultQueryClient } from '../lib/query-client';
import { LiveBridge } from '../lib/live';
import { LIVE_KEYS } from './live-keys';

/**
 * What every screen relies on, the walls included: server state, live push and i18n. Mantine (theme,
 * skin, notifications) is a layout route of its own for the other screens (mantine-shell.tsx). No
 * @mantine/modals provider: no screen opens `modals.*` (the kit has its own Dialog and message box).
 */
export function AppCore({ children, queryClient = defaultQueryClient, live = true }: { children: ReactNode; queryClient?: QueryClient; live?: boolean }) {
  // Text the server writes (warnings, automatic orders, settings) comes in the language asked for:
  // after a switch every answer is asked for again.
  useEffect(() => {
    const refetch = () => void queryClient.invalidateQueries();
    i18n.on('languageChanged', refetch);
    return () => i18n.off('languageChanged', refetch);
  }, [queryClient]);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {live && <LiveBridge keys={LIVE_KEYS} />}
        {children}
      </QueryClientProvider>
    </I18nextProvider>
  );
}
