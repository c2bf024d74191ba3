import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notifications } from '@mantine/notifications';
import { login } from '@client/lib/session';
import { renderKit } from '@tests/helpers/kit-render';
import { resetOperationsProjects } from '../../../../../mocks/handlers/operations-projects';
import ProjectsPage from './project.screen';

const ALL = ['fall-project#list', 'fall-project#info', 'fall-project#save', 'fall-project#update', 'fall-project#delete', 'fall-project#export', 'fall-project#password'];

// Dialogs are heavy and the machine is shared: give async queries room.
configure({ asyncUtilTimeout: 15_000 });

function renderProjects(locale: 'cn' | 'en' = 'cn') {
  login('t-projects', { id: 7, username: 'pm', realName: '', email: '', phone: '', avatar: '', roles: ['manager'], perms: ALL, menus: [] });
  return renderKit(
    <>
      <Notifications />
      <ProjectsPage />
    </>,
    { locale },
  );
}

async function fill(el: HTMLElement, text: string) {
  await userEvent.clear(el);
  await userEvent.click(el);
  await userEvent.paste(text);
}

describe('projects screen', { timeout: 60_000 }, () => {
  beforeEach(() => resetOperationsProjects());

  it('lists projects with XMZT status tags in the current language', async () => {
    renderProjects('en');
    const table = await screen.findByRole('table', { name: 'Projects' });
    expect(await within(table).findByText('West Lake Musical Fountain')).toBeInTheDocument();
    const built = within(table).getByText('Build').closest('[data-color]');
    expect(built).toHaveAttribute('data-color', 'success');
    expect(within(table).getByText('Building')).toBeInTheDocument();
    expect(within(table).getByText('United Arab Emirates')).toBeInTheDocument();
  });

  it('checks the unique key while typing and saves a new project', async () => {
    renderProjects();
    const table = await screen.findByRole('table', { name: '项目管理' });
    await within(table).findByText('西湖音乐喷泉');
    await userEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = screen.getByRole('dialog', { name: '项目管理 · 新增' });
    const key = within(dialog).getByRole('textbox', { name: '唯一标识' });
    await fill(key, 'cn-west-lake-001');
    expect(await within(dialog).findByText('唯一标识已存在')).toBeInTheDocument();
    await fill(key, 'CN-NEW-PLAZA-100');
    expect(await within(dialog).findByText('唯一标识可用')).toBeInTheDocument();
    await fill(within(dialog).getByRole('textbox', { name: '项目名称' }), '新城广场喷泉');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '项目管理 · 新增' })).not.toBeInTheDocument());
    expect(await within(table).findByText('新城广场喷泉')).toBeInTheDocument();
  });
});
