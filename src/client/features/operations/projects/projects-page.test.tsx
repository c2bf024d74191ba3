import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notifications } from '@mantine/notifications';
import { login } from '@client/lib/session';
import { renderKit } from '@tests/helpers/kit-render';
import { resetOperationsProjects } from '../../../../../mocks/handlers/operations-projects';
import ProjectsPage from './project.screen';
import { listDialog } from '@tests/helpers/list-dialog';

const ALL = ['fall-project#list', 'fall-project#info', 'fall-project#save', 'fall-project#update', 'fall-project#delete', 'fall-project#export', 'fall-project#password'];

// Dialogs are heavy and the machine is shared: give async queries room.
configure({ asyncUtilTimeout: 15_000 });

function renderProjects(locale: 'cn' | 'en' = 'cn', perms: string[] = ALL) {
  login('t-projects', { id: 7, username: 'pm', realName: '', email: '', phone: '', avatar: '', roles: ['manager'], perms, menus: [] });
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
    const dialog = await listDialog('项目管理 · 新增');
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

  it('shows a user who may only read projects (the seeded operator\'s grants) no add, edit, delete or restore button', async () => {
    // Not the super user: user 1 holds every code, so a test signed in as them could not see a button wrongly shown.
    renderProjects('cn', ['fall-project#list', 'fall-project#info', 'fall-project#stats']);
    const table = await screen.findByRole('table', { name: '项目管理' });
    await within(table).findByText('西湖音乐喷泉');
    expect(screen.queryByRole('button', { name: '新增' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '批量删除' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '导出' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: '修改' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: '删除' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: '显示已归档' })).not.toBeInTheDocument();
  });

  it('shows the same user the add button once granted fall-project#save, and only that one', async () => {
    renderProjects('cn', ['fall-project#list', 'fall-project#save']);
    const table = await screen.findByRole('table', { name: '项目管理' });
    await within(table).findByText('西湖音乐喷泉');
    expect(screen.getByRole('button', { name: '新增' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: '修改' })).not.toBeInTheDocument();
  });
});
