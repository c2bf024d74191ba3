import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notifications } from '@mantine/notifications';
import { login } from '@client/lib/session';
import { renderKit } from '@tests/helpers/kit-render';
import { resetOperationsProjects } from '../../../../../mocks/handlers/operations-projects';
import ProjectsPage from './project.screen';

const MANAGER = ['fall-project#list', 'fall-project#info', 'fall-project#save', 'fall-project#update', 'fall-project#delete', 'fall-project#export'];

configure({ asyncUtilTimeout: 15_000 });

function renderProjects(perms: string[]) {
  login('t-archive', { id: 7, username: 'pm', realName: '', email: '', phone: '', avatar: '', roles: ['manager'], perms, menus: [] });
  return renderKit(
    <>
      <Notifications />
      <ProjectsPage />
    </>,
    { locale: 'en' },
  );
}

/** Archive and delete (docs/invariants.md): archived projects are hidden, shown on request to those who may restore, and restored. */
describe('projects: archive and restore', { timeout: 60_000 }, () => {
  beforeEach(() => resetOperationsProjects());

  it('shows archived projects behind a switch, marked, and restores one', async () => {
    renderProjects([...MANAGER, 'fall-project#restore']);
    const table = await screen.findByRole('table', { name: 'Projects' });
    await within(table).findByText('West Lake Musical Fountain');
    expect(within(table).queryByText('Old Harbour Fountain')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('switch', { name: 'Show archived' }));
    const row = (await within(table).findByText('Old Harbour Fountain')).closest('tr')!;
    expect(within(row).getByText('Archived')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('1 restored')).toBeInTheDocument();

    // Restored: listed without the switch, no longer marked.
    await userEvent.click(screen.getByRole('switch', { name: 'Show archived' }));
    const back = (await within(table).findByText('Old Harbour Fountain')).closest('tr')!;
    await waitFor(() => expect(within(back).queryByText('Archived')).not.toBeInTheDocument());
  });

  it('has no switch for those who may not restore, and says that delete archives rows with history', async () => {
    renderProjects(MANAGER);
    const table = await screen.findByRole('table', { name: 'Projects' });
    const row = (await within(table).findByText('West Lake Musical Fountain')).closest('tr')!;
    expect(screen.queryByRole('switch', { name: 'Show archived' })).not.toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/will be archived, not deleted/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('0 deleted; 1 with history archived')).toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByText('West Lake Musical Fountain')).not.toBeInTheDocument());
  });
});
