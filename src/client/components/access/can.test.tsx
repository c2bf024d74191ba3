import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '@shared/contracts/auth';
import { clearSession, login } from '../../lib/session';
import { renderWithProviders } from '../../../../tests/helpers/render';
import { Can, HasMenu } from '.';

const user = (id: number, perms: string[], menuCodes: string[]): SessionUser => ({
  id, username: 'u', realName: 'U', email: '', phone: '', avatar: '', roles: ['operator'], perms,
  menus: menuCodes.map((menuCode, i) => ({ menuId: i + 1, menuCode })),
});

describe('Can and HasMenu', () => {
  beforeEach(() => clearSession());

  it('removes what the user has no permission or menu for', () => {
    login('t', user(2, ['fall-order#list', 'fall-report#'], ['fall-order']));
    renderWithProviders(
      <>
        <Can perm="fall-order#list"><button>list orders</button></Can>
        <Can perm="fall-order#delete"><button>delete orders</button></Can>
        <Can perm="fall-report#save"><button>save report</button></Can>
        <HasMenu code="fall-order"><a href="#/main/fall/order">orders</a></HasMenu>
        <HasMenu code="sys-user"><a href="#/main/sys/user">users</a></HasMenu>
      </>,
    );
    expect(screen.getByRole('button', { name: 'list orders' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'delete orders' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'save report' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'orders' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'users' })).not.toBeInTheDocument();
  });

  it('lets the super user (id 1) see everything', () => {
    login('t', user(1, [], []));
    renderWithProviders(
      <>
        <Can perm="sys-user#delete"><button>delete user</button></Can>
        <HasMenu code="sys-user"><a href="#/main/sys/user">users</a></HasMenu>
      </>,
    );
    expect(screen.getByRole('button', { name: 'delete user' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'users' })).toBeInTheDocument();
  });

  it('marks the button it shows with its permission code, for usage analytics', () => {
    login('t', user(2, ['fall-order#accept'], []));
    renderWithProviders(
      <>
        <Can perm="fall-order#accept"><button>accept</button></Can>
        <Can perm="fall-order#accept"><>text</></Can>
      </>,
    );
    expect(screen.getByRole('button', { name: 'accept' })).toHaveAttribute('data-perm', 'fall-order#accept');
    expect(screen.getByText('text')).toBeInTheDocument();
  });
});
