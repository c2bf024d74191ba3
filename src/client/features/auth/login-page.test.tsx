import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../../mocks/server';
import { API, fail } from '../../../../mocks/envelope';
import i18n from '../../lib/i18n';
import { renderApp, resetClientState, warmUpShell } from '@tests/helpers/app-render';

const captchaImage = () => screen.getByRole('img', { name: '验证码' });

describe('login page', () => {
  beforeAll(warmUpShell, 60_000);
  beforeEach(resetClientState);

  it('asks for the username, the password and the captcha with the shared messages', async () => {
    renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '登录' }));
    expect(await screen.findByText('密码不能为空')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /用户名/ })).toHaveAccessibleDescription('必填项');
    expect(screen.getByRole('textbox', { name: /验证码/ })).toHaveAccessibleDescription('必填项');
  });

  it('words the messages in English too', async () => {
    window.__APP_CONFIG__ = { captcha: false };
    await i18n.changeLanguage('en');
    renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(screen.getByText('Password cannot be empty')).toBeInTheDocument();
  });

  it('re-words a message on screen when the language changes and clears it when its field is typed in', async () => {
    window.__APP_CONFIG__ = { captcha: false };
    renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '登录' }));
    expect(await screen.findByText('密码不能为空')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByText('Password cannot be empty')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Password/), 'x');
    expect(screen.queryByText('Password cannot be empty')).not.toBeInTheDocument();
    expect(screen.getByText('This field is required')).toBeInTheDocument();
  });

  it('shows the server message and draws a new captcha when login fails', async () => {
    server.use(http.post(`${API}/sys/login`, () => fail(400, '验证码不正确')));
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/用户名/), 'admin');
    await user.type(screen.getByLabelText(/^密码/), 'admin123');
    const before = captchaImage().getAttribute('src');
    expect(before).toMatch(/^\/api\/sys\/captcha\?uuid=.+/);
    await user.type(screen.getByRole('textbox', { name: /验证码/ }), 'ABCD');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('验证码不正确');
    expect(captchaImage().getAttribute('src')).not.toBe(before);
    expect(screen.getByRole('textbox', { name: /验证码/ })).toHaveValue('');
  });

  it('stores the token and goes where the user was going', async () => {
    window.__APP_CONFIG__ = { captcha: false, demo: true };
    const { router } = renderApp('/login?redirect=%2Fmain%2Faccount');
    const user = userEvent.setup();
    expect(await screen.findByText('演示账号：admin / admin123（管理员）· manager / manager123（经理）· operator / operator123（技术员）· viewer / viewer123（只读）')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: '验证码' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/用户名/), 'admin');
    await user.type(screen.getByLabelText(/^密码/), 'admin123');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/account'));
    expect(sessionStorage.getItem('TOKEN')).toMatch(/^mock-admin-/);
    expect(await screen.findByRole('heading', { name: '个人信息' })).toBeInTheDocument();
  });

  it('goes to the configured login redirect by default', async () => {
    window.__APP_CONFIG__ = { captcha: false };
    const { router } = renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/用户名/), 'operator');
    await user.type(screen.getByLabelText(/^密码/), 'operator123');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main'));
  });
});
