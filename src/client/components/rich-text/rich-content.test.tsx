import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { clearSession, login } from '@client/lib/session';
import { server } from '../../../../mocks/server';
import { API } from '../../../../mocks/envelope';
import { RichContent } from './rich-content';

describe('rich content pictures', () => {
  afterEach(() => clearSession());

  it('shows a stored picture fetched with the session, never asks for it without, and drops pictures from elsewhere', async () => {
    login('t-rich', { id: 3, username: 'v', realName: '', email: '', phone: '', avatar: '', roles: [], perms: [], menus: [] });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:plan'), revokeObjectURL: vi.fn() });
    const asked: (string | null)[] = [];
    server.use(
      http.get(`${API}/oss/file/download/9`, ({ request }) => {
        asked.push(request.headers.get('authorization'));
        return new HttpResponse(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'image/png' } });
      }),
    );
    render(<RichContent content={'<p>Plan<img src="/api/oss/file/download/9" alt="plan"><img src="https://tracker.example/p.gif" alt="pixel"></p><table><tbody><tr><td>19:30</td></tr></tbody></table>'} />);
    const img = screen.getByRole('img', { name: 'plan' });
    expect(screen.queryByRole('img', { name: 'pixel' })).not.toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '19:30' })).toBeInTheDocument();
    await waitFor(() => expect(img).toHaveAttribute('src', 'blob:plan'));
    expect(asked).toEqual(['t-rich']);
  });
});
