import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { login } from '@client/lib/session';
import { renderKit } from '@tests/helpers/kit-render';
import { server } from '../../../../../mocks/server';
import { API, ok } from '../../../../../mocks/envelope';
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
