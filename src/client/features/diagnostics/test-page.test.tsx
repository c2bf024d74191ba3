import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http } from 'msw';
import { server } from '../../../../mocks/server';
import { API, fail, ok } from '../../../../mocks/envelope';
import { renderKit } from '@tests/helpers/kit-render';
import TestPage from './test-page';

/**
 * Only a hang takes this long: the page draws the whole kit gallery (a 100,000-row table among it),
 * over a minute in jsdom at load 40 on 2 cores.
 */
const HANG_MS = 300_000;
const wait = { timeout: HANG_MS };

describe('/test page', { timeout: 2 * HANG_MS }, () => {
  it('shows server health, version and the live connection placeholder without a login, then the kit gallery', async () => {
    server.use(http.get(`${API}/health`, () => ok({ status: 'ok', db: 'pglite', version: '0.1.0' })));
    renderKit(<TestPage />, { route: '/test' });
    expect(await screen.findByText('运行正常', {}, wait)).toBeInTheDocument();
    expect(await screen.findByText('0.1.0', {}, wait)).toBeInTheDocument();
    expect(screen.getByText('未连接（登录后开始推送）')).toBeInTheDocument();
    for (const name of ['分页表格', '滚动加载表格', '虚拟表格（100,000 行）', '树形表格', '对话框', '消息框', '标签', '远程选择', '图标', '图片预览', '文本省略', '提示', '详情', '查询表单', '响应式'])
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
  });

  it('says when the server is unavailable, in English too', async () => {
    server.use(http.get(`${API}/health`, () => fail(500, 'down')));
    renderKit(<TestPage />, { route: '/test', locale: 'en' });
    expect(await screen.findByText('Unavailable', {}, wait)).toBeInTheDocument();
    expect(screen.getByText('not connected (push starts once signed in)')).toBeInTheDocument();
  });

  it('with bench=virtual shows only the 100,000-row virtual table', () => {
    renderKit(<TestPage />, { route: '/test?bench=virtual' });
    expect(screen.getByTestId('table-virtual')).toBeInTheDocument();
    expect(screen.queryByText('诊断与组件')).not.toBeInTheDocument();
    expect(screen.getAllByRole('table')).toHaveLength(1);
  });
});
