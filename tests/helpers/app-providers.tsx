import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { AppCore } from '../../src/client/app/core-providers';
import { MantineShell } from '../../src/client/app/mantine-shell';

/**
 * The app's providers with Mantine around everything, for tests that render screens or the whole
 * router (the app itself starts with AppCore and gives Mantine to the screens that use it).
 */
export function AppProviders({
  children,
  queryClient,
  env,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  /** `test` turns off Mantine transitions and portals (jsdom runs no CSS transitions). */
  env?: 'default' | 'test';
}) {
  return (
    <AppCore queryClient={queryClient} live={env !== 'test'}>
      <MantineShell env={env}>{children}</MantineShell>
    </AppCore>
  );
}
