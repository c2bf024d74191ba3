import type { ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from './render';

/**
 * renderWithProviders plus Mantine's test environment: jsdom never finishes Mantine's enter
 * transitions, so popovers and dropdowns would stay display:none without it.
 */
export function renderKit(ui: ReactElement, opts?: Parameters<typeof renderWithProviders>[1]) {
  return renderWithProviders(<MantineProvider env="test">{ui}</MantineProvider>, opts);
}

/** Replaces a field's text by pasting it, not typing key by key: dialogs re-render on every key, slow on a busy machine. */
export async function fill(el: HTMLElement, text: string) {
  await userEvent.clear(el);
  await userEvent.click(el);
  await userEvent.paste(text);
}
