import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MOCK_ACCOUNTS } from '../../../../mocks/handlers/auth';
import { clearSession, login } from '@client/lib/session';
import { renderWithProviders } from '@tests/helpers/render';
import AccountPage from './account-page';

const roleBadge = () => document.querySelector('[data-role="operator"]');

describe('AccountPage', () => {
  beforeEach(() => {
    clearSession();
    login('mock-operator-1', MOCK_ACCOUNTS.operator.user);
  });

  it('shows the user\'s role by its name in the reader\'s language, not its code', async () => {
    renderWithProviders(<AccountPage />, { locale: 'en' });
    await waitFor(() => expect(roleBadge()).toHaveTextContent(/^Operator$/));
    expect(screen.queryByText('operator')).not.toBeInTheDocument();
  });

  it('in Chinese, the Chinese name', async () => {
    renderWithProviders(<AccountPage />, { locale: 'cn' });
    await waitFor(() => expect(roleBadge()).toHaveTextContent(/^运维人员$/));
  });
});
