import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { server } from '../../../../mocks/server';
import { API, fail, ok } from '../../../../mocks/envelope';
import { resetUiPrefs } from '../../../../mocks/handlers/kit';
import { renderKit as renderWithProviders } from '@tests/helpers/kit-render';
import { api } from '@client/lib/api';
import { login } from '@client/lib/session';
import { DataTable } from './data-table';
import type { TableColumn } from './types';

interface Fountain {
  id: number;
  name: string;
  city: string;
  secret?: string;
}

const rows: Fountain[] = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `Fountain ${i + 1}`, city: i % 2 ? 'Dubai' : 'Shanghai' }));
const columns: TableColumn<Fountain>[] = [
  { type: 'index' },
  { prop: 'name', label: 'Name', display: 'always' },
  { prop: 'city', label: 'City' },
  { prop: 'secret', label: 'Secret', display: false },
];

/** A list endpoint answering in the flat shape with `totalCount`, as some servers do. */
function serveFountains(seen: Array<{ page: number; limit: number }> = []) {
  server.use(
    http.post(`${API}/kit/fountains/list`, async ({ request }) => {
      const { page, limit } = (await request.json()) as { page: number; limit: number };
      seen.push({ page, limit });
      return ok({ list: rows.slice((page - 1) * limit, page * limit), totalCount: rows.length });
    }),
  );
  return seen;
}
const loader = (page: number, limit: number) => api.post<{ list: Fountain[]; totalCount: number }>('/kit/fountains/list', { page, limit });

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

afterEach(() => resetUiPrefs());

describe('DataTable, pager mode', () => {
  it('keeps nowrap cells on one line and scrolls sideways below the sum of the declared widths', async () => {
    const dated: TableColumn<Fountain>[] = [
      { prop: 'name', label: 'Name', width: 300 },
      { prop: 'city', label: 'Since', width: 170, nowrap: true, render: () => '2026-11-25 10:30' },
      { prop: 'id', label: 'No.' },
    ];
    renderWithProviders(<DataTable label="fountains" columns={dated} data={rows} />);
    const cell = (await screen.findAllByText('2026-11-25 10:30'))[0];
    expect(cell.closest('td')).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(screen.getByText('Fountain 1').closest('td')?.style.whiteSpace).toBe('');
    // 300 + 170 + the 80 px floor of the undeclared column.
    const container = screen.getByRole('table').closest<HTMLElement>('[style*="--table-min-width"]');
    expect(container?.style.getPropertyValue('--table-min-width')).toBe('calc(34.375rem * var(--mantine-scale))');
  });

  it('loads page 1 of 10, shows the total on the left and pages on the right, and reloads on page change', async () => {
    const seen = serveFountains();
    const onSuccess = vi.fn();
    renderWithProviders(<DataTable label="fountains" columns={columns} loader={loader} onLoadSuccess={onSuccess} />);
    expect(await screen.findByText('Fountain 1')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('共 25 条')).toBeInTheDocument();
    expect(onSuccess).toHaveBeenCalledWith(expect.objectContaining({ page: 1, pageSize: 10, total: 25 }));
    await userEvent.click(screen.getByRole('button', { name: '3' }));
    expect(await screen.findByText('Fountain 21')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(5);
    expect(within(bodyRows()[0]).getByText('21')).toBeInTheDocument();
    expect(seen).toEqual([{ page: 1, limit: 10 }, { page: 3, limit: 10 }]);
  });

  it('changing the page size goes back to page 1 and reloads', async () => {
    const seen = serveFountains();
    renderWithProviders(<DataTable columns={columns} loader={loader} pagerLayout="total, sizes, ->, prev, pager, next" />);
    await screen.findByText('Fountain 1');
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    await screen.findByText('Fountain 11');
    await userEvent.click(screen.getAllByLabelText('每页条数')[0]);
    await userEvent.click(await screen.findByRole('option', { name: '20 条/页' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(20));
    expect(seen.at(-1)).toEqual({ page: 1, limit: 20 });
    expect(screen.getByText('Fountain 1')).toBeInTheDocument();
  });

  it('shows the loading text while loading and No Data when empty', async () => {
    let release: () => void = () => {};
    server.use(http.post(`${API}/kit/fountains/list`, () => new Promise((resolve) => (release = () => resolve(ok({ page: { list: [], total: 0 } }))))));
    renderWithProviders(<DataTable columns={columns} loader={loader} />);
    expect(await screen.findByText('正在拼命加载...')).toBeInTheDocument();
    act(() => release());
    expect(await screen.findByText('No Data')).toBeInTheDocument();
  });

  it('keeps the error and emits an error event when loading fails', async () => {
    server.use(http.post(`${API}/kit/fountains/list`, () => fail(500, '服务器错误')));
    const onError = vi.fn();
    renderWithProviders(<DataTable columns={columns} loader={loader} onLoadError={onError} />);
    expect(await screen.findByText('服务器错误')).toBeInTheDocument();
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('translates its own texts in English', async () => {
    server.use(http.post(`${API}/kit/fountains/list`, () => ok({ list: [], total: 0 })));
    renderWithProviders(<DataTable columns={columns} loader={loader} />, { locale: 'en' });
    expect(await screen.findByText('No Data')).toBeInTheDocument();
    expect(screen.getByText('Total 0')).toBeInTheDocument();
  });
});

describe('DataTable, declaration errors', () => {
  it('rejects an unknown mode and a tree without a row key', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderWithProviders(<DataTable columns={columns} data={rows} mode={'cards' as never} />)).toThrow(/mode/);
    expect(() => renderWithProviders(<DataTable columns={columns} data={rows} childrenKey="children" />)).toThrow(/rowKey/);
    quiet.mockRestore();
  });
});

describe('DataTable, columns', () => {
  it('hides display:false columns, locks display:always, and remembers the choice on the server per screen', async () => {
    login('token-1', { id: 7, username: 'ops', roles: [], perms: [], menus: [] } as never);
    serveFountains();
    const saved: unknown[] = [];
    server.use(
      http.post(`${API}/sys/ui-pref/:screen`, async ({ request, params }) => {
        saved.push({ screen: params.screen, ...((await request.json()) as object) });
        return ok(null);
      }),
    );
    renderWithProviders(<DataTable title="Fountains" screen="kit-fountains" columns={columns} loader={loader} />);
    await screen.findByText('Fountain 1');
    expect(screen.queryByRole('columnheader', { name: 'Secret' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '列设置' }));
    const chooser = await screen.findByRole('group', { name: '列设置' });
    expect(await within(chooser).findByRole('checkbox', { name: 'Name' })).toBeDisabled();
    expect(within(chooser).getByRole('checkbox', { name: 'Secret' })).not.toBeChecked();
    await userEvent.click(within(chooser).getByRole('checkbox', { name: 'City' }));
    expect(screen.queryByRole('columnheader', { name: 'City' })).not.toBeInTheDocument();
    await waitFor(() => expect(saved).toEqual([{ screen: 'kit-fountains', value: { order: ['index', 'name', 'city', 'secret'], hidden: ['secret', 'city'] } }]));
  });

  it('reads the saved choice back from the server', async () => {
    login('token-1', { id: 7, username: 'ops', roles: [], perms: [], menus: [] } as never);
    serveFountains();
    server.use(http.get(`${API}/sys/ui-pref/:screen`, () => ok({ order: ['city', 'name', 'index'], hidden: [] })));
    renderWithProviders(<DataTable screen="kit-fountains" columns={columns} loader={loader} />);
    await screen.findByText('Fountain 1');
    await waitFor(() => expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['City', 'Name', '序号', 'Secret']));
  });

  it('says 没有可显示的列 when no column can be toggled', async () => {
    renderWithProviders(<DataTable title="Locked" columns={[{ type: 'index' }, { prop: 'name', label: 'Name', display: 'always' }]} data={rows} />);
    await userEvent.click(screen.getByRole('button', { name: '列设置' }));
    expect(await screen.findByText('没有可显示的列')).toBeInTheDocument();
  });

  it('reorders columns by dragging header cells', async () => {
    renderWithProviders(<DataTable columnSortable columns={columns} data={rows} />);
    await screen.findByText('Fountain 1');
    fireEvent.dragStart(screen.getByRole('columnheader', { name: 'City' }));
    fireEvent.dragOver(screen.getByRole('columnheader', { name: 'Name' }));
    fireEvent.drop(screen.getByRole('columnheader', { name: 'Name' }));
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['序号', 'City', 'Name']);
  });
});

describe('DataTable, rows', () => {
  it('reorders rows by dragging and reports the new order', async () => {
    const onRowSort = vi.fn();
    renderWithProviders(<DataTable rowSortable onRowSort={onRowSort} columns={columns} data={rows.slice(0, 3)} />);
    await screen.findByText('Fountain 1');
    const [first, , third] = bodyRows();
    fireEvent.dragStart(third);
    fireEvent.dragOver(first);
    fireEvent.drop(first);
    expect(bodyRows().map((r) => within(r).getAllByRole('cell')[1].textContent)).toEqual(['Fountain 3', 'Fountain 1', 'Fountain 2']);
    expect(onRowSort).toHaveBeenCalledWith([rows[2], rows[0], rows[1]]);
  });

  it('selects rows and reports keys and rows', async () => {
    const onSelect = vi.fn();
    renderWithProviders(<DataTable columns={[{ type: 'selection' }, ...columns]} data={rows.slice(0, 3)} onSelectionChange={onSelect} />);
    await screen.findByText('Fountain 1');
    await userEvent.click(within(bodyRows()[1]).getByRole('checkbox', { name: '选择此行' }));
    expect(onSelect).toHaveBeenLastCalledWith([2], [rows[1]]);
    await userEvent.click(screen.getByRole('checkbox', { name: '全选' }));
    expect(onSelect).toHaveBeenLastCalledWith([2, 1, 3], [rows[1], rows[0], rows[2]]);
  });

  it('shows a tree with children indented and expandable', async () => {
    const tree = [{ id: 1, name: 'Park', children: [{ id: 2, name: 'Pool' }] }];
    renderWithProviders(<DataTable rowKey="id" childrenKey="children" columns={[{ prop: 'name', label: 'Name' }]} data={tree} />);
    await screen.findByText('Park');
    expect(screen.queryByText('Pool')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '展开' }));
    const pool = await screen.findByText('Pool');
    expect(pool.closest('div')).toHaveStyle({ paddingLeft: '16px' });
  });

  it('uses the row height of its size', async () => {
    renderWithProviders(<DataTable size="mini" columns={columns} data={rows.slice(0, 1)} />);
    await screen.findByText('Fountain 1');
    expect(bodyRows()[0]).toHaveStyle({ height: '37px' });
    expect(screen.getAllByRole('row')[0]).toHaveStyle({ height: '44px' });
  });
});

describe('DataTable, scroll mode', () => {
  function scrollToEnd(el: HTMLElement) {
    Object.defineProperty(el, 'scrollHeight', { configurable: true, value: 500 });
    Object.defineProperty(el, 'clientHeight', { configurable: true, value: 300 });
    el.scrollTop = 200;
    fireEvent.scroll(el);
  }

  it('loads the next page at the end, appends it, and says 没有更多了 once the pages run out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const seen = serveFountains();
    renderWithProviders(<DataTable mode="scroll" height={300} columns={columns} loader={loader} />);
    await screen.findByText('Fountain 10');
    const box = screen.getByTestId('table-scroll');
    scrollToEnd(box);
    await screen.findByText('Fountain 20');
    await act(() => vi.advanceTimersByTimeAsync(250));
    scrollToEnd(box);
    await screen.findByText('Fountain 25');
    expect(await screen.findByText('没有更多了')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(250));
    scrollToEnd(box);
    expect(seen.map((s) => s.page)).toEqual([1, 2, 3]);
    expect(bodyRows()).toHaveLength(25);
    vi.useRealTimers();
  });

  it('shows 加载中... while a batch loads', async () => {
    server.use(http.post(`${API}/kit/fountains/list`, () => new Promise(() => {})));
    renderWithProviders(<DataTable mode="scroll" columns={columns} loader={loader} />);
    expect(await screen.findByText('加载中...')).toBeInTheDocument();
  });
});

describe('DataTable, virtual mode', () => {
  // jsdom has no layout; give the scroll box the size it would have.
  function withViewport(run: () => Promise<void>) {
    return async () => {
      Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 480 });
      try {
        await run();
      } finally {
        delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
      }
    };
  }
  const many = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `Row ${i + 1}`, city: 'X' }));
  const scrollTo = (top: number) => {
    const box = screen.getByTestId('table-virtual');
    box.scrollTop = top;
    fireEvent.scroll(box);
  };
  /** Rows in their on-screen order: the DOM order of recycled rows is rotated, aria-rowindex is the truth. */
  const shownRows = () => bodyRows().sort((a, b) => Number(a.getAttribute('aria-rowindex')) - Number(b.getAttribute('aria-rowindex')));

  it(
    'reuses its row elements while scrolling, each showing the row of its place',
    withViewport(async () => {
      renderWithProviders(<DataTable mode="virtual" height={480} columns={columns} data={many(1000)} />);
      await screen.findByText('Row 1');
      const before = new Set(bodyRows());
      scrollTo(48 * 500);
      expect(await screen.findByText('Row 501')).toBeInTheDocument();
      expect(screen.queryByText('Row 1')).not.toBeInTheDocument();
      expect(new Set(bodyRows())).toEqual(before);
      const rows = shownRows();
      expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '1001');
      for (const row of rows) {
        const index = Number(row.getAttribute('aria-rowindex')) - 2;
        expect(within(row).getAllByRole('cell')[1]).toHaveTextContent(`Row ${index + 1}`);
        expect(row).toHaveStyle({ top: `${index * 48}px`, height: '48px' });
      }
      expect(rows.map((r) => Number(r.getAttribute('aria-rowindex')))).toEqual(rows.map((_, i) => Number(rows[0].getAttribute('aria-rowindex')) + i));
    }),
  );

  it(
    'selects the row that is shown after scrolling, and a focused checkbox does not follow its element to another row',
    withViewport(async () => {
      const onSelect = vi.fn();
      renderWithProviders(<DataTable mode="virtual" height={480} columns={[{ type: 'selection' }, ...columns]} data={many(1000)} onSelectionChange={onSelect} />);
      await screen.findByText('Row 1');
      scrollTo(48 * 200);
      const row = (await screen.findByText('Row 203')).closest('tr')!;
      const box = within(row).getByRole('checkbox', { name: '选择此行' });
      await userEvent.click(box);
      expect(onSelect).toHaveBeenLastCalledWith([203], [expect.objectContaining({ id: 203, name: 'Row 203' })]);
      expect(box).toHaveFocus();
      scrollTo(48 * 230);
      await screen.findByText('Row 233');
      expect(within(row).queryByText('Row 203')).not.toBeInTheDocument();
      expect(box).not.toHaveFocus();
    }),
  );

  it(
    'reorders rows by dragging',
    withViewport(async () => {
      const onRowSort = vi.fn();
      renderWithProviders(<DataTable mode="virtual" height={480} rowSortable onRowSort={onRowSort} columns={columns} data={rows.slice(0, 3)} />);
      await screen.findByText('Fountain 1');
      const [first, , third] = shownRows();
      fireEvent.dragStart(third);
      fireEvent.dragOver(first);
      fireEvent.drop(first);
      expect(shownRows().map((r) => within(r).getAllByRole('cell')[1].textContent)).toEqual(['Fountain 3', 'Fountain 1', 'Fountain 2']);
      expect(onRowSort).toHaveBeenCalledWith([rows[2], rows[0], rows[1]]);
    }),
  );

  it('renders only the rows in view out of 100,000', async () => {
    const many = Array.from({ length: 100_000 }, (_, i) => ({ id: i + 1, name: `Row ${i + 1}`, city: 'X' }));
    // jsdom has no layout; give the scroll box the size it would have.
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 480 });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 });
    renderWithProviders(<DataTable mode="virtual" height={480} columns={columns} data={many} />);
    expect(await screen.findByText('Row 1')).toBeInTheDocument();
    const shown = bodyRows().filter((r) => r.getAttribute('aria-hidden') !== 'true');
    expect(shown.length).toBeGreaterThan(5);
    expect(shown.length).toBeLessThan(40);
    expect(shown[0]).toHaveStyle({ height: '48px' });
    delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
    delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
  });
});
