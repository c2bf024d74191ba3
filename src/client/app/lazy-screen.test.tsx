import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { CHUNK_LOAD_TIMEOUT_MS } from '@shared/constants';
import i18n from '../lib/i18n';
import { lazyScreen } from './lazy-screen';

const Ready = () => <p>screen ready</p>;
const renderScreen = (Screen: React.ComponentType) =>
  render(
    <MantineProvider>
      <Screen />
    </MantineProvider>,
  );

describe('lazyScreen', () => {
  // The loading and error screens are chunks of their own: transformed once here, so that with fake
  // timers they arrive as soon as a screen asks for them.
  beforeAll(async () => {
    await Promise.all([import('./chunk-error'), import('./screen-loading')]);
  });
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('renders the screen once its chunk has loaded', async () => {
    const Screen = lazyScreen(() => Promise.resolve({ default: Ready }));
    renderScreen(Screen);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('screen ready')).toBeInTheDocument();
  });

  it('counts a chunk slower than the chunk timeout as failed and loads again on Retry', async () => {
    const loader = vi
      .fn<() => Promise<{ default: React.ComponentType }>>()
      .mockReturnValueOnce(new Promise(() => {}))
      .mockResolvedValueOnce({ default: Ready });
    const Screen = lazyScreen(loader);
    renderScreen(Screen);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The screen took too long to load'));

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('screen ready')).toBeInTheDocument();
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('shows the error and Retry when the import fails', async () => {
    const loader = vi
      .fn<() => Promise<{ default: React.ComponentType }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ default: Ready });
    const Screen = lazyScreen(loader);
    renderScreen(Screen);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The screen could not be loaded'));
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('screen ready')).toBeInTheDocument();
  });
});
