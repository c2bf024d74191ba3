import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { useState } from 'react';
import { server } from '../../../../mocks/server';
import { API, ok } from '../../../../mocks/envelope';
import { api } from '@client/lib/api';
import { renderKit } from '@tests/helpers/kit-render';
import { RemoteSelect, type SelectOption } from './remote-select';

const projects = ['Plaza fountain', 'Lake curtain', 'Harbour show', 'Garden jets'].map((name, i) => ({ id: i + 1, name }));

function serveProjects(searches: string[] = [], list = projects) {
  server.use(
    http.post(`${API}/kit/projects/options`, async ({ request }) => {
      const { name } = (await request.json()) as { name: string };
      searches.push(name);
      return ok(list.filter((p) => p.name.toLowerCase().includes(name.toLowerCase())));
    }),
  );
  return searches;
}
const loader = async (search: string): Promise<SelectOption[]> =>
  (await api.post<{ id: number; name: string }[]>('/kit/projects/options', { name: search })).map((p) => ({ value: String(p.id), label: p.name }));

function Single() {
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <RemoteSelect label="Project" queryKey={['/kit/projects', 'options']} loader={loader} value={value} onChange={setValue} />
      <output>{value}</output>
    </>
  );
}

function Multiple({ limit }: { limit: number }) {
  const [value, setValue] = useState<string[]>([]);
  return (
    <>
      <RemoteSelect multiple limit={limit} label="Projects" queryKey={['/kit/projects', 'options']} loader={loader} value={value} onChange={setValue} />
      <output>{value.join(',')}</output>
    </>
  );
}

describe('RemoteSelect', () => {
  it('searches the server once the typing pauses for 300 ms', async () => {
    const searches = serveProjects();
    renderKit(<Single />);
    await waitFor(() => expect(searches).toEqual(['']));
    await userEvent.type(screen.getByRole('combobox', { name: 'Project' }), 'lake');
    await waitFor(() => expect(searches).toEqual(['', 'lake']), { timeout: 2000 });
    await userEvent.click(await screen.findByRole('option', { name: 'Lake curtain' }));
    expect(screen.getByRole('status')).toHaveTextContent('2');
  });

  it('says no match when the search finds nothing and no data when there is nothing at all', async () => {
    serveProjects();
    const { unmount } = renderKit(<Single />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Project' }), 'zzz');
    expect(await screen.findByText('无匹配数据', {}, { timeout: 2000 })).toBeInTheDocument();
    unmount();
    serveProjects([], []);
    renderKit(<Single />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Project' }));
    expect(await screen.findByText('无数据')).toBeInTheDocument();
  });

  it('says loading while the answer is on its way', async () => {
    server.use(http.post(`${API}/kit/projects/options`, () => new Promise(() => {})));
    renderKit(<Single />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Project' }));
    expect(await screen.findByText('加载中')).toBeInTheDocument();
  });

  it('stops at the limit in multiple mode; 0 means unlimited', async () => {
    serveProjects();
    const { unmount } = renderKit(<Multiple limit={2} />);
    // The multiple mode's input loads when first drawn.
    const input = await screen.findByRole('combobox', { name: 'Projects' });
    await userEvent.click(input);
    await userEvent.click(await screen.findByRole('option', { name: 'Plaza fountain' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Lake curtain' }));
    expect(screen.getByText('最多选择 2 项')).toBeInTheDocument();
    const third = screen.queryByRole('option', { name: 'Harbour show' });
    if (third) await userEvent.click(third);
    expect(screen.getByRole('status')).toHaveTextContent(/^1,2$/);
    unmount();
    renderKit(<Multiple limit={0} />);
    await userEvent.click(await screen.findByRole('combobox', { name: 'Projects' }));
    for (const name of ['Plaza fountain', 'Lake curtain', 'Harbour show']) await userEvent.click(await screen.findByRole('option', { name }));
    expect(screen.getByRole('status')).toHaveTextContent(/^1,2,3$/);
  });
});
