import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderApp, resetClientState, warmUpShell } from '@tests/helpers/app-render';

describe('visitor login page', () => {
  beforeAll(warmUpShell, 60_000);
  beforeEach(resetClientState);

  it('asks for the access password of the project in the address, and shows why the server refused it', async () => {
    renderApp('/login2/7');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: '项目访问' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /项目编号/ })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/访问密码/), 'wrong');
    await user.click(screen.getByRole('button', { name: '进入项目' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('密码');
  });

  it('moving from /login2 to /login2/7 in the same tab still signs in to project 7', async () => {
    const { router } = renderApp('/login2');
    const user = userEvent.setup();
    expect(await screen.findByRole('textbox', { name: /项目编号/ })).toBeInTheDocument();
    await router.navigate('/login2/7');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: /项目编号/ })).not.toBeInTheDocument());
    await user.type(screen.getByLabelText(/访问密码/), 'wrong');
    await user.click(screen.getByRole('button', { name: '进入项目' }));
    // The request went out: the server's refusal is shown (before the fix nothing happened at all).
    expect(await screen.findByRole('alert')).toHaveTextContent('密码');
  });
});
