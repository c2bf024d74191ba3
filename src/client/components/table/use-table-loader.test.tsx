import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTableLoader } from './use-table-loader';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

describe('useTableLoader (spec §4 table load cycle)', () => {
  it('sets loading, clears the error, stores list and total, emits success; keeps the error and emits on failure', async () => {
    let fail = true;
    const loader = vi.fn(async (page: number, pageSize: number) => {
      if (fail) throw new Error('boom');
      return { page: { list: [{ page, pageSize }], totalCount: 31 } };
    });
    const onSuccess = vi.fn();
    const onError = vi.fn();
    const { result } = renderHook(() => useTableLoader({ loader, onSuccess, onError }), { wrapper });
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.error).toBeInstanceOf(Error);
    expect(onError).toHaveBeenCalledTimes(1);

    fail = false;
    act(() => result.current.reload());
    expect(result.current.loading).toBe(true);
    expect(result.current.error).toBeNull();
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.list).toEqual([{ page: 1, pageSize: 10 }]);
    expect(result.current.total).toBe(31);
    expect(onSuccess).toHaveBeenCalledWith({ list: [{ page: 1, pageSize: 10 }], total: 31, page: 1, pageSize: 10 });

    act(() => result.current.setPage(3));
    await waitFor(() => expect(result.current.list).toEqual([{ page: 3, pageSize: 10 }]));
    act(() => result.current.setPageSize(20));
    await waitFor(() => expect(result.current.list).toEqual([{ page: 1, pageSize: 20 }]));
    expect(result.current.page).toBe(1);
    expect(loader.mock.calls).toEqual([[1, 10], [1, 10], [3, 10], [1, 20]]);
  });

  it('in scroll mode grows the page after each batch and stops when the page count is below it', async () => {
    const loader = vi.fn(async (page: number) => ({ list: [page], total: 2 }));
    const { result } = renderHook(() => useTableLoader({ loader, mode: 'scroll', pageSize: 1 }), { wrapper });
    await waitFor(() => expect(result.current.page).toBe(2));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.page).toBe(3));
    expect(result.current.finished).toBe(true);
    act(() => result.current.loadMore());
    expect(result.current.list).toEqual([1, 2]);
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('keeps no rows of its own: the page is the cached answer under the resource key, and invalidating the key root refetches it', async () => {
    const client = new QueryClient();
    const own = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    let version = 1;
    const loader = vi.fn(async (page: number) => ({ list: [{ page, version }], total: 1 }));
    const { result } = renderHook(() => useTableLoader({ loader, queryKey: ['/ball/fallorder', 'list', { status: 'open' }] }), { wrapper: own });
    await waitFor(() => expect(result.current.list).toEqual([{ page: 1, version: 1 }]));
    expect(client.getQueryData(['/ball/fallorder', 'list', { status: 'open' }, { page: 1, pageSize: 10 }])).toEqual({ list: [{ page: 1, version: 1 }], total: 1 });

    version = 2;
    await act(() => client.invalidateQueries({ queryKey: ['/ball/fallorder'] }));
    await waitFor(() => expect(result.current.list).toEqual([{ page: 1, version: 2 }]));
    expect(loader).toHaveBeenCalledTimes(2);

    await act(() => client.invalidateQueries({ queryKey: ['/ball/falleqinfo'] }));
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('asks a page query (queryOptions of a resource) for each page and keeps the previous page on screen while the next loads', async () => {
    let release: () => void = () => undefined;
    const pageQuery = (page: number, pageSize: number) => ({
      queryKey: ['/kit/things', 'list', {}, { page, pageSize }],
      queryFn: () => (page === 1 ? Promise.resolve({ list: ['a'], total: 11 }) : new Promise<{ list: string[]; total: number }>((done) => (release = () => done({ list: ['b'], total: 11 })))),
    });
    const { result } = renderHook(() => useTableLoader<string>({ pageQuery }), { wrapper });
    await waitFor(() => expect(result.current.list).toEqual(['a']));
    act(() => result.current.setPage(2));
    await waitFor(() => expect(result.current.loading).toBe(true));
    expect(result.current.list).toEqual(['a']);
    expect(result.current.page).toBe(2);
    act(() => release());
    await waitFor(() => expect(result.current.list).toEqual(['b']));
    expect(result.current.total).toBe(11);
  });
});
