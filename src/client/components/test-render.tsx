import type { ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { renderWithProviders } from '../../../tests/helpers/render';

/**
 * renderWithProviders plus Mantine's test environment: jsdom never finishes Mantine's enter
 * transitions, so popovers and dropdowns would stay display:none without it.
 */
export function renderKit(ui: ReactElement, opts?: Parameters<typeof renderWithProviders>[1]) {
  return renderWithProviders(<MantineProvider env="test">{ui}</MantineProvider>, opts);
}
