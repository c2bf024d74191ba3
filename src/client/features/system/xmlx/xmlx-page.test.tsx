import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notifications } from '@mantine/notifications';
import { http } from 'msw';
import { login } from '@client/lib/session';
import { renderKit } from '@tests/helpers/kit-render';
import { server } from '../../../../../mocks/server';
import { API, fail, ok } from '../../../../../mocks/envelope';
import XmlxPage from './project-type.screen';

describe('project types', () => {
  it('shows every root of the tree on one page, not one root per page', async () => {
    const roots = ['SCENIC', 'PLAZA', 'PARK', 'HOTEL', 'MALL', 'CAMPUS'].map((code, i) => ({ id: i + 1, pid: 0, xmbm: code, xmmc: code, xmmcEn: code, sort: i }));
    server.use(http.get(`${API}/sys/xmlx/listAll`, () => ok([...roots, { id: 9, pid: 1, xmbm: 'LAKE', xmmc: '湖泊', xmmcEn: 'Lake', sort: 1 }])));
    login('t-xmlx', { id: 1, username: 'admin', realName: '', email: '', phone: '', avatar: '', roles: [], perms: ['sys-xmlx#list'], menus: [] });
    renderKit(<XmlxPage />);
    const table = await screen.findByRole('table', { name: '项目类型' });
    expect((await within(table).findAllByText('CAMPUS')).length).toBeGreaterThan(0);
    for (const r of roots) expect(within(table).getAllByText(r.xmbm).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: '下一页' })).toBeDisabled();
  });
});

describe('project types: drag to re-parent', () => {
  const rows = [
    { id: 1, pid: 0, xmbm: 'SCENIC', xmmc: '景区', xmmcEn: 'Scenic', sort: 0 },
    { id: 2, pid: 0, xmbm: 'PLAZA', xmmc: '广场', xmmcEn: 'Plaza', sort: 1 },
    { id: 9, pid: 1, xmbm: 'LAKE', xmmc: '湖泊', xmmcEn: 'Lake', sort: 1 },
  ];

  function renderTree(perms: string[]) {
    const sent: unknown[] = [];
    server.use(
      http.get(`${API}/sys/xmlx/listAll`, () => ok(rows)),
      http.post(`${API}/sys/xmlx/update`, async ({ request }) => {
        const body = (await request.json()) as { id: number; pid: number };
        sent.push(body);
        // the server's cycle check (tested in xmlx.test.ts): SCENIC cannot go under its own child
        if (body.id === 1 && body.pid === 9) return fail(400, '参数错误', { fields: { pid: '上级不能是自身或其下级' } });
        return ok({ id: body.id });
      }),
    );
    login('t-xmlx', { id: 5, username: 'ops', realName: '', email: '', phone: '', avatar: '', roles: [], perms, menus: [] });
    renderKit(
      <>
        <Notifications />
        <XmlxPage />
      </>,
    );
    return sent;
  }
  const rowOf = (code: string) => within(screen.getByRole('table', { name: '项目类型' })).getByText(code).closest('tr')!;
  const drag = (from: HTMLElement, to: HTMLElement) => {
    const data = new Map<string, string>();
    const dataTransfer = { setData: (k: string, v: string) => data.set(k, v), getData: (k: string) => data.get(k) ?? '', effectAllowed: '' };
    fireEvent.dragStart(from, { dataTransfer });
    fireEvent.dragOver(to, { dataTransfer });
    fireEvent.drop(to, { dataTransfer });
  };

  it('moves a row under the row it is dropped on, or to the top level, through the update call', async () => {
    const sent = renderTree(['sys-xmlx#list', 'sys-xmlx#update']);
    await screen.findByText('SCENIC');
    await userEvent.click(within(rowOf('SCENIC')).getByRole('button', { name: '展开' }));
    drag(await screen.findByText('LAKE').then((el) => el.closest('tr')!), rowOf('PLAZA'));
    await waitFor(() => expect(sent).toEqual([{ id: 9, pid: 2 }]));
    drag(rowOf('LAKE'), screen.getByTestId('xmlx-root-drop'));
    await waitFor(() => expect(sent).toEqual([{ id: 9, pid: 2 }, { id: 9, pid: 0 }]));
    // dropped where it already is: nothing to send
    drag(rowOf('PLAZA'), screen.getByTestId('xmlx-root-drop'));
    expect(sent).toHaveLength(2);
  });

  it("shows the server's refusal of a cycle (an item under its own child)", async () => {
    const sent = renderTree(['sys-xmlx#list', 'sys-xmlx#update']);
    await screen.findByText('SCENIC');
    await userEvent.click(within(rowOf('SCENIC')).getByRole('button', { name: '展开' }));
    drag(rowOf('SCENIC'), (await screen.findByText('LAKE')).closest('tr')!);
    expect(await screen.findByText('上级不能是自身或其下级')).toBeInTheDocument();
    expect(sent).toEqual([{ id: 1, pid: 9 }]);
  });

  it('offers no dragging without the update permission', async () => {
    renderTree(['sys-xmlx#list']);
    await screen.findByText('SCENIC');
    expect(rowOf('SCENIC')).not.toHaveAttribute('draggable', 'true');
    expect(screen.queryByTestId('xmlx-root-drop')).not.toBeInTheDocument();
  });
});
