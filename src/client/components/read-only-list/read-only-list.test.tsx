import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Button } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { server } from '../../../../mocks/server';
import { API, paged } from '../../../../mocks/envelope';
import { login } from '@client/lib/session';
import { renderKit } from '@tests/helpers/kit-render';
import { apiPath, crudPerms } from '@client/lib/resources';
import { ReadOnlyList } from './read-only-list';

interface Entry {
  id: number;
  text: string;
}

// The entries borrow a registry resource (the operation log): a screen's path and permission codes are the registry's.
const ENTRIES = `${API}${apiPath('log')}`;

function serveEntries() {
  const entries: Entry[] = Array.from({ length: 3 }, (_, i) => ({ id: i + 1, text: `Entry ${i + 1}` }));
  const calls: Array<{ path: string; body: unknown }> = [];
  server.use(
    http.post(`${ENTRIES}/list`, async ({ request }) => {
      const body = (await request.json()) as { page: number; limit: number; text?: string };
      calls.push({ path: 'list', body });
      return paged(entries.filter((e) => !body.text || e.text.includes(body.text)), body.page, body.limit);
    }),
    http.post(`${ENTRIES}/export`, async ({ request }) => {
      calls.push({ path: 'export', body: await request.json() });
      return new HttpResponse('text\nEntry 1', { headers: { 'Content-Type': 'text/csv' } });
    }),
  );
  return calls;
}

const perms = { list: crudPerms('log').list!, export: crudPerms('log').export! };

function renderEntries(granted: string[], resource: 'log' | 'online' = 'log') {
  login('t-1', { id: 5, username: 'ops', roles: ['ops'], perms: granted, menus: [] } as never);
  return renderKit(
    <>
      <Notifications />
      <ReadOnlyList<Entry>
        title="Entries"
        resource={resource}
        queryFields={[{ name: 'text', label: 'Text' }]}
        columns={[{ prop: 'text', label: 'Text' }]}
        toolbarExtra={<Button size="xs">Purge</Button>}
      />
    </>,
  );
}

const table = () => screen.getByRole('table', { name: 'Entries' });

describe('ReadOnlyList', { timeout: 60_000 }, () => {
  it('queries with the non-empty fields and exports them with the visible columns, after its own toolbar buttons', async () => {
    const calls = serveEntries();
    renderEntries(Object.values(perms));
    expect(await within(table()).findByText('Entry 1')).toBeInTheDocument();
    expect(calls[0]).toEqual({ path: 'list', body: { page: 1, limit: 10 } });
    expect(screen.queryByRole('button', { name: '新增' })).not.toBeInTheDocument();
    const purge = screen.getByRole('button', { name: 'Purge' });
    const exportButton = screen.getByRole('button', { name: '导出' });
    expect(purge.compareDocumentPosition(exportButton) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await userEvent.type(screen.getByRole('textbox', { name: 'Text' }), 'Entry 2');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(within(table()).queryByText('Entry 1')).not.toBeInTheDocument());
    await userEvent.click(exportButton);
    await userEvent.click(await screen.findByRole('menuitem', { name: '导出 CSV' }));
    await waitFor(() => expect(calls.find((c) => c.path === 'export')?.body).toEqual({ text: 'Entry 2', columns: [{ prop: 'text', label: 'Text' }], format: 'csv' }));

    await userEvent.click(screen.getByRole('button', { name: '重置' }));
    expect(await within(table()).findByText('Entry 1')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Text' })).toHaveValue('');
    expect(calls.filter((c) => c.path === 'list').at(-1)).toEqual({ path: 'list', body: { page: 1, limit: 10 } });
  });

  it('offers no export without its permission or its code, and no table without the list permission', async () => {
    serveEntries();
    const view = renderEntries([perms.list]);
    await within(table()).findByText('Entry 1');
    expect(screen.queryByRole('button', { name: '导出' })).not.toBeInTheDocument();
    view.unmount();

    // Online users: a resource whose registry entry declares no export button.
    server.use(http.post(`${API}${apiPath('online')}/list`, () => paged([{ id: 1, text: 'Entry 1' }], 1, 10)));
    const noCode = renderEntries([crudPerms('online').list!, 'sys-online-user#export'], 'online');
    await within(table()).findByText('Entry 1');
    expect(screen.queryByRole('button', { name: '导出' })).not.toBeInTheDocument();
    noCode.unmount();

    renderEntries([]);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('没有查看此列表的权限')).toBeInTheDocument();
  });
  it('draws a long list as virtual rows, loading the next batch when the rows in view reach the end', async () => {
    const entries: Entry[] = Array.from({ length: 250 }, (_, i) => ({ id: i + 1, text: `Entry ${i + 1}` }));
    const asked: Array<{ page: number; limit: number }> = [];
    server.use(
      http.post(`${ENTRIES}/list`, async ({ request }) => {
        const body = (await request.json()) as { page: number; limit: number };
        asked.push({ page: body.page, limit: body.limit });
        return paged(entries, body.page, body.limit);
      }),
    );
    login('t-1', { id: 5, username: 'ops', roles: ['ops'], perms: [perms.list], menus: [] } as never);
    renderKit(<ReadOnlyList<Entry> title="Entries" resource="log" columns={[{ prop: 'text', label: 'Text' }]} virtual={{ height: 400, pageSize: 100 }} />);
    expect(await screen.findByText('已加载 100 / 共 250 条')).toBeInTheDocument();
    const box = screen.getByTestId('table-virtual');
    // only a window of rows is in the document, not the hundred loaded, and no pager
    expect(within(box).getAllByRole('row').length).toBeLessThan(20);
    expect(screen.queryByRole('button', { name: '下一页' })).not.toBeInTheDocument();
    Object.defineProperty(box, 'clientHeight', { configurable: true, value: 400 });
    box.scrollTop = 95 * 48;
    box.dispatchEvent(new Event('scroll'));
    expect(await screen.findByText('已加载 200 / 共 250 条')).toBeInTheDocument();
    expect(asked).toEqual([{ page: 1, limit: 100 }, { page: 2, limit: 100 }]);
  });
});
