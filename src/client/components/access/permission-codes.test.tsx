import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { RESOURCES, type PermissionCode } from '@shared/resources';
import type { SessionUser } from '@shared/contracts/auth';
import { clearSession, login, useCan } from '../../lib/session';
import { renderWithProviders } from '../../../../tests/helpers/render';
import { crudPerms, permissionOf, type ListPagePerms } from '../../lib/resources';
import type { ListPageProps } from '../list-page/list-page';
import type { ReadOnlyListProps } from '../read-only-list/read-only-list';
import { Can, HasMenu } from '.';

/**
 * The client's permission codes are the registry's typed union (src/shared/resources.ts
 * PermissionCode), like the server's (src/server/registry.test.ts): each `@ts-expect-error` below
 * is a code the typecheck (`npx tsc`) must refuse — if one were accepted, the directive itself
 * would fail the typecheck as unused.
 */
const operator = (perms: string[]): SessionUser => ({
  id: 2, username: 'op', realName: 'Op', email: '', phone: '', avatar: '', roles: ['operator'], perms,
  menus: [{ menuId: 1, menuCode: 'fall-order' }],
});

function Probe({ label }: { label: string }) {
  const granted = useCan('fall-order#accept');
  // @ts-expect-error 'fall-ordr' is no registry code
  const misspelt = useCan('fall-ordr#accept');
  // @ts-expect-error orders have no 'approve' button
  const noButton = useCan('fall-order#approve');
  return <output aria-label={label}>{[granted, misspelt, noButton].join(' ')}</output>;
}

describe('permission codes on the client', () => {
  beforeEach(() => clearSession());

  it('refuses a misspelt code or a button its resource lacks at the typecheck, in Can, HasMenu and useCan', () => {
    login('t', operator(['fall-order#accept', 'fall-ordr#accept', 'fall-order#approve']));
    renderWithProviders(
      <>
        <Can perm="fall-order#accept"><button>accept</button></Can>
        {/* @ts-expect-error 'fall-ordr' is no registry code */}
        <Can perm="fall-ordr#accept"><button>misspelt</button></Can>
        {/* @ts-expect-error orders have no 'approve' button */}
        <Can perm="fall-order#approve"><button>no such button</button></Can>
        <HasMenu code="fall-order"><a href="#/main/fall/order">orders</a></HasMenu>
        {/* @ts-expect-error 'fall-ordr' is no menu */}
        <HasMenu code="fall-ordr"><a href="#/main/fall/order">misspelt menu</a></HasMenu>
        <Probe label="probe" />
      </>,
    );
    // At run time the checks only compare strings: a misspelt grant would "pass" — which is why the
    // typecheck, not the screen, has to catch the misspelling.
    expect(screen.getByRole('button', { name: 'accept' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'orders' })).toBeInTheDocument();
    expect(screen.getByLabelText('probe')).toHaveTextContent('true true true');
  });

  it('types the list screens\' resources and buttons: a misspelt resource, code or button fails the typecheck', () => {
    expect(crudPerms('order')).toEqual({
      list: 'fall-order#list', save: 'fall-order#save', update: 'fall-order#update', delete: 'fall-order#delete', export: 'fall-order#export',
    });
    // @ts-expect-error 'ordr' is no registry resource
    expect(() => crudPerms('ordr')).toThrow();
    // @ts-expect-error the upload screen has no API path of its own: no list screen
    expect(crudPerms('upload')).toEqual({});

    expect(permissionOf('order', 'accept')).toBe('fall-order#accept');
    // @ts-expect-error orders have no 'approve' button
    expect(permissionOf('order', 'approve')).toBe('fall-order#approve');
    // @ts-expect-error bill records are read-only: no save button
    expect(permissionOf('billRecord', 'save')).toBe('app-bill-record#save');

    const listScreen: Pick<ListPageProps<unknown, Record<string, unknown>>, 'resource'> = {
      // @ts-expect-error 'ordr' is no registry resource
      resource: 'ordr',
    };
    const readOnly: Pick<ReadOnlyListProps<unknown>, 'resource'> = {
      // @ts-expect-error 'sys-log' is a permission code, not a registry key
      resource: 'sys-log',
    };
    const perms: ListPagePerms = {
      list: 'app-bill-record#list',
      // @ts-expect-error bill records have no save button
      save: 'app-bill-record#save',
    };
    const restore: PermissionCode = `${RESOURCES.project.code}#restore`;
    // @ts-expect-error cameras are not archived: no restore button
    const noRestore: PermissionCode = `${RESOURCES.monitor.code}#restore`;
    expect([listScreen.resource, readOnly.resource, perms.save, restore, noRestore]).toEqual(['ordr', 'sys-log', 'app-bill-record#save', 'fall-project#restore', 'fall-monitor#restore']);
  });
});
