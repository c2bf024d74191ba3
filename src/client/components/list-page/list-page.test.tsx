import { useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { TextInput } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { server } from '../../../../mocks/server';
import { API, fail, paged, ok } from '../../../../mocks/envelope';
import { login } from '@client/lib/session';
import { renderKit } from '@tests/helpers/kit-render';
import { trackAction } from '@client/lib/analytics';
import { apiPath, crudPerms } from '@client/lib/resources';
import { ListPage, type FormBodyProps, type ListForm } from './list-page';
import { QueryForm, selectInput } from './query-form';

// Usage analytics: the presses a list reports, seen here without a network.
vi.mock('@client/lib/analytics', () => ({ trackAction: vi.fn() }));

interface Pump {
  id: number;
  name: string;
  phone: string;
}
const pumpSchema = z.object({ name: z.string().trim().min(1, { message: 'v.required' }), phone: z.string().regex(/^1\d{10}$/, { message: 'v.phone' }) });
type PumpValues = z.infer<typeof pumpSchema>;

function PumpForm({ form }: FormBodyProps<PumpValues>) {
  return (
    <>
      <TextInput label="Name" {...form.getInputProps('name')} />
      <TextInput label="Phone" {...form.getInputProps('phone')} />
    </>
  );
}

const PUMPS = `${API}${apiPath('monitor')}`;

/** An in-memory pump resource following the list/info/save/update/delete/export pattern. */
function servePumps() {
  let pumps: Pump[] = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `Pump ${i + 1}`, phone: '13800138000' }));
  const calls: Array<{ path: string; body: unknown }> = [];
  server.use(
    http.post(`${PUMPS}/list`, async ({ request }) => {
      const body = (await request.json()) as { page: number; limit: number; name?: string };
      calls.push({ path: 'list', body });
      const hits = pumps.filter((p) => !body.name || p.name.includes(body.name));
      return paged(hits, body.page, body.limit);
    }),
    http.get(`${PUMPS}/info/:id`, ({ params }) => ok(pumps.find((p) => p.id === Number(params.id)))),
    http.post(`${PUMPS}/save`, async ({ request }) => {
      const body = (await request.json()) as Pump;
      calls.push({ path: 'save', body });
      if (body.name === 'Taken') return fail(400, '请求参数错误', { fields: { name: 'err.conflict' } });
      pumps = [{ ...body, id: 99 }, ...pumps];
      return ok(99);
    }),
    http.post(`${PUMPS}/update`, async ({ request }) => {
      const body = (await request.json()) as Pump;
      calls.push({ path: 'update', body });
      pumps = pumps.map((p) => (p.id === body.id ? body : p));
      return ok(null);
    }),
    http.post(`${PUMPS}/delete`, async ({ request }) => {
      const ids = (await request.json()) as number[];
      calls.push({ path: 'delete', body: ids });
      pumps = pumps.filter((p) => !ids.includes(p.id));
      return ok(null);
    }),
    http.post(`${PUMPS}/export`, async ({ request }) => {
      calls.push({ path: 'export', body: await request.json() });
      return new HttpResponse('name\nPump 1', { headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="pumps.csv"' } });
    }),
  );
  return calls;
}

// The pumps borrow a registry resource (the cameras): a screen's path and permission codes are the registry's.
const perms = crudPerms('monitor') as Required<Omit<ReturnType<typeof crudPerms>, 'restore'>>;

const loadPumpForm = async (): Promise<ListForm<PumpValues, Pump>> => ({ Body: PumpForm, schema: pumpSchema, initialValues: { name: '', phone: '' } });

function renderPumps(granted: string[] = Object.values(perms), rowActions?: (row: Pump) => ReactNode, onRowSort?: (rows: Pump[], query: Record<string, unknown>) => Promise<unknown>, form = loadPumpForm) {
  login('t-1', { id: 5, username: 'ops', roles: ['ops'], perms: granted, menus: [] } as never);
  return renderKit(
    <>
      <Notifications />
      <ListPage<Pump, PumpValues>
        title="Pumps"
        resource="monitor"
        queryFields={[{ name: 'name', label: 'Pump name' }]}
        columns={[{ prop: 'name', label: 'Name' }, { prop: 'phone', label: 'Phone' }]}
        form={form}
        rowActions={rowActions}
        onRowSort={onRowSort}
      />
    </>,
  );
}

const table = () => screen.getByRole('table', { name: 'Pumps' });
/** The add/edit dialog once its form has loaded (its first opening loads it: ListPageProps.form). */
const editorDialog = (name: string) =>
  waitFor(() => {
    const dialog = screen.getByRole('dialog', { name });
    expect(dialog.querySelector('form')).not.toBeNull();
    return dialog;
  });

// Each of these walks a whole screen with userEvent; a busy shared CI machine needs more than the default.
describe('ListPage', { timeout: 60_000 }, () => {
  it('lists with query, page and limit, and queries with the filled-in fields', async () => {
    const calls = servePumps();
    renderPumps();
    expect(await within(table()).findByText('Pump 1')).toBeInTheDocument();
    expect(calls[0]).toEqual({ path: 'list', body: { name: '', page: 1, limit: 10 } });
    await userEvent.type(screen.getByRole('textbox', { name: 'Pump name' }), 'Pump 12');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(within(table()).queryByText('Pump 1')).not.toBeInTheDocument());
    expect(within(table()).getByText('Pump 12')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '重置' }));
    expect(await within(table()).findByText('Pump 1')).toBeInTheDocument();
  });

  it('while the list loads, shows the loading text in the table body, not "No Data" or a total of 0', async () => {
    servePumps();
    // The list answers only when the test lets it: the moment a slow server leaves the screen in.
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    server.use(http.post(`${PUMPS}/list`, async () => {
      await answered;
      return paged([{ id: 1, name: 'Pump 1', phone: '13800138000' }], 1, 10);
    }));
    renderPumps();
    const body = () => within(table()).getAllByRole('rowgroup')[1];
    expect(await within(body()).findByText('正在拼命加载...')).toBeInTheDocument();
    expect(screen.queryByText('No Data')).not.toBeInTheDocument();
    expect(screen.queryByText(/共 0 条/)).not.toBeInTheDocument();
    release();
    expect(await within(table()).findByText('Pump 1')).toBeInTheDocument();
    expect(screen.queryByText('正在拼命加载...')).not.toBeInTheDocument();
    expect(screen.getByText('共 1 条')).toBeInTheDocument();
  });

  it('adds through the dialog: contract errors under the fields, server field errors too, then saves and reloads', async () => {
    const calls = servePumps();
    // The form loads when the dialog first opens, not with the list; one that fails to load closes
    // the dialog and says so, and the next opening tries again.
    let offline = true;
    const load = vi.fn(() => (offline ? Promise.reject(new Error('offline')) : loadPumpForm()));
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPumps(undefined, undefined, undefined, load);
    await within(table()).findByText('Pump 1');
    expect(load).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    expect(await screen.findByText('页面加载失败')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    consoleError.mockRestore();
    offline = false;
    await userEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await editorDialog('Pumps · 新增');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(within(dialog).getByText('必填项')).toBeInTheDocument();
    expect(within(dialog).getByText('手机号格式错误')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Taken');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Phone' }), '13900139000');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('数据已存在')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'New pump');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(table()).findByText('New pump')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === 'save').at(-1)?.body).toEqual({ name: 'New pump', phone: '13900139000' });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('edits with the same form body, filled from info, and updates with the id', async () => {
    const calls = servePumps();
    renderPumps();
    await within(table()).findByText('Pump 2');
    const row = within(table()).getByText('Pump 2').closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: '修改' }));
    const dialog = await editorDialog('Pumps · 修改');
    const name = await within(dialog).findByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Pump 2');
    await userEvent.clear(name);
    await userEvent.type(name, 'Pump two');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(table()).findByText('Pump two')).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'update')?.body).toEqual({ id: 2, name: 'Pump two', phone: '13800138000' });
  });

  it('keeps what was typed: closing an edited form asks first; an untouched one closes at once', async () => {
    servePumps();
    renderPumps();
    const row = (await within(table()).findByText('Pump 2')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: '修改' }));
    let dialog = await editorDialog('Pumps · 修改');
    expect(await within(dialog).findByRole('textbox', { name: 'Name' })).toHaveValue('Pump 2');
    // Filled from the record, nothing typed: Escape closes it.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(within(row).getByRole('button', { name: '修改' }));
    dialog = await editorDialog('Pumps · 修改');
    const name = await within(dialog).findByRole('textbox', { name: 'Name' });
    await userEvent.type(name, ' B');
    await userEvent.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: '放弃修改？' });
    await userEvent.click(within(ask).getByRole('button', { name: '继续编辑' }));
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Pump 2 B');
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: '放弃修改？' })).getByRole('button', { name: '放弃' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the edit form only once the record filled it, never its defaults as if they were the record', async () => {
    servePumps();
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(`${PUMPS}/info/:id`, async () => {
        await answered;
        return ok({ id: 3, name: 'Pump 3', phone: '13900139000' });
      }),
    );
    renderPumps();
    const row = (await within(table()).findByText('Pump 3')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: '修改' }));
    const dialog = await editorDialog('Pumps · 修改');
    // A slow answer: no field yet (an empty "Name" would pass for the record's), and the form says it is busy.
    expect(within(dialog).queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
    expect(dialog.querySelector('form')).toHaveAttribute('aria-busy', 'true');
    answer();
    expect(await within(dialog).findByRole('textbox', { name: 'Name' })).toHaveValue('Pump 3');
    expect(within(dialog).getByRole('textbox', { name: 'Phone' })).toHaveValue('13900139000');
    expect(dialog.querySelector('form')).toHaveAttribute('aria-busy', 'false');
  });

  it('asks before deleting, and asks to check data first when nothing is selected', async () => {
    const calls = servePumps();
    renderPumps();
    await within(table()).findByText('Pump 1');
    await userEvent.click(screen.getByRole('button', { name: '批量删除' }));
    expect(await screen.findByText('请先勾选数据')).toBeInTheDocument();
    const rows = within(table()).getAllByRole('row');
    await userEvent.click(within(rows[1]).getByRole('checkbox', { name: '选择此行' }));
    await userEvent.click(within(rows[2]).getByRole('checkbox', { name: '选择此行' }));
    expect(screen.getByRole('button', { name: '已选 2' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '批量删除' }));
    const confirm = await screen.findByRole('dialog', { name: '提示' });
    expect(confirm).toHaveTextContent('确定要删除吗？');
    await userEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(within(table()).queryByText('Pump 1')).not.toBeInTheDocument());
    expect(calls.find((c) => c.path === 'delete')?.body).toEqual([1, 2]);
    expect(screen.getByRole('button', { name: '已选 0' })).toBeInTheDocument();
  });

  it('exports the current filters and the visible columns', async () => {
    const calls = servePumps();
    renderPumps();
    await within(table()).findByText('Pump 1');
    await userEvent.click(screen.getByRole('button', { name: '导出' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '导出 CSV' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'export')?.body).toEqual({ name: '', columns: [{ prop: 'name', label: 'Name' }, { prop: 'phone', label: 'Phone' }], format: 'csv' }),
    );
  });

  it('reports add, edit, delete and export to usage analytics by their permission codes', async () => {
    servePumps();
    vi.mocked(trackAction).mockClear();
    renderPumps();
    await within(table()).findByText('Pump 1');
    await userEvent.click(screen.getByRole('button', { name: '新增' }));
    const row = within(table()).getByText('Pump 1').closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: '修改' }));
    await userEvent.click(within(row).getByRole('button', { name: '删除' }));
    await userEvent.click(screen.getByRole('button', { name: '导出' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '导出 CSV' }));
    expect(vi.mocked(trackAction).mock.calls.map(([code]) => code)).toEqual([perms.save, perms.update, perms.delete, perms.export]);
  });

  it('hides the buttons whose permission the user lacks', async () => {
    servePumps();
    renderPumps([perms.list]);
    await within(table()).findByText('Pump 1');
    expect(screen.queryByRole('button', { name: '新增' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '批量删除' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '导出' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '修改' })).not.toBeInTheDocument();
  });

  it("puts the row's own actions in the one actions column, before edit and delete, even without edit rights", async () => {
    servePumps();
    const inspect = (row: Pump) => <button type="button">Inspect {row.name}</button>;
    const view = renderPumps(undefined, inspect);
    await within(table()).findByText('Pump 1');
    expect(within(table()).getAllByRole('columnheader', { name: '操作' })).toHaveLength(1);
    const row = within(table()).getByText('Pump 1').closest('tr')!;
    const buttons = within(row).getAllByRole('button').map((b) => b.textContent);
    expect(buttons).toEqual(['Inspect Pump 1', '修改', '删除']);
    view.unmount();
    renderPumps([perms.list], inspect);
    await within(table()).findByText('Pump 1');
    expect(within(table()).getAllByRole('columnheader', { name: '操作' })).toHaveLength(1);
    expect(within(within(table()).getByText('Pump 1').closest('tr')!).getByRole('button', { name: 'Inspect Pump 1' })).toBeInTheDocument();
  });
});

describe('crudPerms', () => {
  it('names the codes of the buttons the registry declares, the way the seeded menus do', () => {
    expect(crudPerms('training')).toEqual({ list: 'fall-train#list', save: 'fall-train#save', update: 'fall-train#update', delete: 'fall-train#delete', export: 'fall-train#export' });
    expect(crudPerms('equipment')).toMatchObject({ restore: 'fall-eqinfo#restore' });
    expect(crudPerms('billRecord')).toEqual({ list: 'app-bill-record#list', export: 'app-bill-record#export' });
    expect(crudPerms('online')).toEqual({ list: 'sys-online-user#list' });
    // Warnings are served under the detection boards' menu: listed by its list code, no other button.
    expect(crudPerms('warning')).toEqual({ list: 'fall-detect#list' });
  });
});

describe('QueryForm', () => {
  const fields = ['a', 'b', 'c', 'd', 'e'].map((name) => ({ name, label: name.toUpperCase() }));

  it('rejects a column count that does not divide 24', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderKit(<QueryForm fields={fields} columns={5} values={{}} onChange={() => {}} onQuery={() => {}} onClear={() => {}} />)).toThrow(/divide 24/);
    quiet.mockRestore();
  });

  it('takes a clearable select as a field input, with no choice as an empty value', async () => {
    const field = { name: 'state', label: 'State', render: selectInput([{ value: 'on', label: 'On' }, { value: 'off', label: 'Off' }]) };
    function Filter() {
      const [values, setValues] = useState<Record<string, unknown>>({ state: '' });
      return (
        <>
          <QueryForm fields={[field]} values={values} onChange={setValues} onQuery={() => {}} onClear={() => {}} />
          <output>{JSON.stringify(values)}</output>
        </>
      );
    }
    renderKit(<Filter />);
    const select = screen.getByRole('combobox', { name: 'State' });
    expect(select).toHaveValue('');
    await userEvent.click(select);
    await userEvent.click(await screen.findByRole('option', { name: 'Off' }));
    expect(screen.getByRole('status')).toHaveTextContent('{"state":"off"}');
    expect(select).toHaveValue('Off');
    // picking the chosen option again deselects it
    await userEvent.click(select);
    await userEvent.click(await screen.findByRole('option', { name: 'Off' }));
    expect(screen.getByRole('status')).toHaveTextContent('{"state":""}');
    expect(select).toHaveValue('');
  });

  it('shows one row in simple mode and every field when expanded', async () => {
    renderKit(<QueryForm fields={fields} columns={4} values={{}} onChange={() => {}} onQuery={() => {}} onClear={() => {}} />);
    expect(screen.getAllByRole('textbox')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: '展开' }));
    expect(screen.getAllByRole('textbox')).toHaveLength(5);
    expect(screen.getByRole('textbox', { name: 'A' }).closest('.mantine-Grid-col')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '收起' }));
    expect(screen.getAllByRole('textbox')).toHaveLength(2);
  });
  it('lets rows be dragged into a new order where the screen stores it (with the applied query), then reloads the list', async () => {
    const calls = servePumps();
    const stored: Array<{ ids: number[]; query: Record<string, unknown> }> = [];
    renderPumps(Object.values(perms), undefined, async (rows, query) => void stored.push({ ids: rows.map((r) => r.id), query }));
    await within(table()).findByText('Pump 1');
    const rowOf = (name: string) => within(table()).getByText(name).closest('tr')!;
    expect(rowOf('Pump 2')).toHaveAttribute('draggable', 'true');
    const lists = calls.filter((c) => c.path === 'list').length;
    const data = new Map<string, string>();
    const dataTransfer = { setData: (k: string, v: string) => data.set(k, v), getData: (k: string) => data.get(k) ?? '', effectAllowed: '' };
    fireEvent.dragStart(rowOf('Pump 3'), { dataTransfer });
    fireEvent.dragOver(rowOf('Pump 1'), { dataTransfer });
    fireEvent.drop(rowOf('Pump 1'), { dataTransfer });
    await waitFor(() => expect(stored).toHaveLength(1));
    expect(stored[0].ids.slice(0, 4)).toEqual([3, 1, 2, 4]);
    await waitFor(() => expect(calls.filter((c) => c.path === 'list').length).toBeGreaterThan(lists));
  });
});
