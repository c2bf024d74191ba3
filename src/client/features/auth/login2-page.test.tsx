import { screen } from '@testing-library/react';
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
});
