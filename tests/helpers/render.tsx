import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { I18nextProvider } from 'react-i18next';
import i18n from '../../src/client/lib/i18n';

/** Renders with the providers the app has, a fresh query client (no retries) and a memory router. */
export function renderWithProviders(ui: ReactElement, opts: RenderOptions & { route?: string; locale?: 'cn' | 'en' } = {}) {
  void i18n.changeLanguage(opts.locale ?? 'cn');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: 0 }, mutations: { retry: false } } });
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[opts.route ?? '/']}>{children}</MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
  return { queryClient, ...render(ui, { wrapper: Wrapper, ...opts }) };
}
