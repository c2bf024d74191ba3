import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { oldestUnrefreshable } from './stale-badge';

describe('stale data detection', () => {
  it('reports the oldest data of watched queries that failed since their last success', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['a'], 1, { updatedAt: 1000 });
    client.setQueryData(['b'], 2, { updatedAt: 5000 });
    const watch = (key: string) => new QueryObserver(client, { queryKey: [key], queryFn: () => Promise.reject(new Error('down')), staleTime: Infinity }).subscribe(() => {});
    const stopA = watch('a');
    const stopB = watch('b');
    expect(oldestUnrefreshable(client)).toBeNull();
    await client.refetchQueries({ queryKey: ['b'] }).catch(() => undefined);
    expect(oldestUnrefreshable(client)).toBe(5000);
    await client.refetchQueries({ queryKey: ['a'] }).catch(() => undefined);
    expect(oldestUnrefreshable(client)).toBe(1000);
    stopA();
    stopB();
  });
});
