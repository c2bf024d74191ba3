import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { login } from '@client/lib/session';
import { renderKit } from '@tests/helpers/kit-render';
import { server } from '../../../../../mocks/server';
import { API } from '../../../../../mocks/envelope';
import { resetOperationsProjects, setOperationsIntros } from '../../../../../mocks/handlers/operations-projects';
import { IntroPanel } from './intro-panel';

// The editor loads as its own chunk and the machine is shared: give async queries room.
configure({ asyncUtilTimeout: 15_000 });

/** The bodies the intro calls sent, read before the mock answers them. */
function recordIntroCalls() {
  const sent: { url: string; body: Record<string, unknown> }[] = [];
  const record = async ({ request }: { request: Request }) => {
    sent.push({ url: new URL(request.url).pathname, body: (await request.clone().json()) as Record<string, unknown> });
    return undefined;
  };
  server.use(http.post(`${API}/ball/fallproject/intro/save`, record), http.post(`${API}/ball/fallproject/intro/update`, record));
  return sent;
}

function renderPanel(locale: 'cn' | 'en' = 'cn') {
  login('t-intros', { id: 7, username: 'pm', realName: '', email: '', phone: '', avatar: '', roles: ['manager'], perms: ['fall-project#info', 'fall-project#update'], menus: [] });
  return renderKit(<IntroPanel projectId={1} />, { locale });
}

describe('project introductions', { timeout: 60_000 }, () => {
  beforeEach(() => resetOperationsProjects());

  it('writes an introduction with the toolbar (bold, bulleted list, link) and saves its HTML', async () => {
    const sent = recordIntroCalls();
    renderPanel('cn');
    await userEvent.click(await screen.findByRole('button', { name: '新增介绍' }));
    await userEvent.click(screen.getByRole('textbox', { name: /标题/ }));
    await userEvent.paste('项目概况');

    const editor = await screen.findByRole('textbox', { name: '内容' });
    await userEvent.click(editor);
    await userEvent.paste('湖面音乐喷泉每晚演出');
    await userEvent.keyboard('{Control>}a{/Control}');
    await userEvent.click(screen.getByRole('button', { name: '粗体' }));
    await userEvent.click(screen.getByRole('button', { name: '项目符号列表' }));
    await waitFor(() => expect(editor.querySelector('ul li strong')).toHaveTextContent('湖面音乐喷泉每晚演出'));

    // A link typed without its scheme gets https, as the server keeps only web, mail and own paths.
    await userEvent.keyboard('{Control>}a{/Control}');
    await userEvent.click(screen.getByRole('button', { name: '插入链接' }));
    await userEvent.click(await screen.findByRole('textbox', { name: '链接地址' }));
    await userEvent.paste('example.com/shows');
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(editor.querySelector('a')).toHaveAttribute('href', 'https://example.com/shows'));

    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      url: '/api/ball/fallproject/intro/save',
      body: { projectId: 1, type: 'overview', title: '项目概况', language: 'cn', content: '<ul><li><p><a rel="noopener noreferrer nofollow" href="https://example.com/shows"><strong>湖面音乐喷泉每晚演出</strong></a></p></li></ul>' },
    });

    // The saved introduction is listed as rich text: a list with the bold text in it.
    const list = await screen.findByRole('list');
    expect(within(list).getByRole('listitem')).toHaveTextContent('湖面音乐喷泉每晚演出');
    expect(within(list).getByRole('link', { name: '湖面音乐喷泉每晚演出' })).toHaveAttribute('href', 'https://example.com/shows');
    expect(list.querySelector('strong')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: '内容' })).not.toBeInTheDocument();
  });

  it('uploads a picture into the text as a file of the introduction, shows it through the session and saves its address', async () => {
    const sent = recordIntroCalls();
    const uploads: (string | null)[] = [];
    const fetched: (string | null)[] = [];
    server.use(
      http.post(`${API}/oss/file/upload`, async ({ request }) => {
        uploads.push(new URL(request.url).searchParams.get('ownerType'));
        return HttpResponse.json({ code: 0, msg: 'success', data: { id: 41, name: 'pool.png', url: `${API}/oss/file/download/41`, thumbUrl: null, contentType: 'image/png', size: 4 } });
      }),
      http.get(`${API}/oss/file/download/41`, ({ request }) => {
        fetched.push(request.headers.get('authorization'));
        return new HttpResponse(new Uint8Array([137, 80, 78, 71]), { headers: { 'content-type': 'image/png' } });
      }),
    );
    // jsdom has no object URLs
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pool'), revokeObjectURL: vi.fn() });
    renderPanel('en');
    await userEvent.click(await screen.findByRole('button', { name: 'Add introduction' }));
    await userEvent.click(screen.getByRole('textbox', { name: /Title/ }));
    await userEvent.paste('Pictures');
    const editor = await screen.findByRole('textbox', { name: 'Content' });
    await userEvent.click(editor);
    await userEvent.paste('The pool');
    expect(screen.getByRole('button', { name: 'Insert picture' })).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('Insert picture', { selector: 'input' }), new File([new Uint8Array([137, 80, 78, 71])], 'pool.png', { type: 'image/png' }));
    await waitFor(() => expect(editor.querySelector('img')).not.toBeNull());
    expect(uploads).toEqual(['fall_project_intro']);
    // shown from memory, fetched with the session header: an <img> could not send it
    await waitFor(() => expect(editor.querySelector('img')!.getAttribute('src')).toMatch(/^blob:/));
    expect(fetched).toEqual(['t-intros']);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body.content).toBe('<p>The pool<img src="/api/oss/file/download/41" alt="pool.png"></p>');
  });

  it('inserts a table with a header row, adds a row, and saves it as a table the sanitiser keeps', async () => {
    const sent = recordIntroCalls();
    renderPanel('en');
    await userEvent.click(await screen.findByRole('button', { name: 'Add introduction' }));
    await userEvent.click(screen.getByRole('textbox', { name: /Title/ }));
    await userEvent.paste('Show times');
    const editor = await screen.findByRole('textbox', { name: 'Content' });
    await userEvent.click(editor);
    await userEvent.click(screen.getByRole('button', { name: 'Insert table' }));
    await waitFor(() => expect(editor.querySelectorAll('table tr')).toHaveLength(3));
    expect(editor.querySelectorAll('table th')).toHaveLength(3);
    await userEvent.paste('Weekdays');
    await userEvent.click(screen.getByRole('button', { name: 'Add row below' }));
    await waitFor(() => expect(editor.querySelectorAll('table tr')).toHaveLength(4));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const content = String(sent[0].body.content);
    expect(content).toMatch(/^<table[^>]*><colgroup>/);
    expect(content).toContain('<tr><th><p>Weekdays</p></th><th><p></p></th><th><p></p></th></tr>');
    expect(content.match(/<tr>/g)).toHaveLength(4);
  });

  it('opens a plain-text introduction as paragraphs and saves it as HTML after an edit', async () => {
    setOperationsIntros([{ id: 5, projectId: 1, type: 'overview', title: 'Overview', language: 'en', sort: 0, content: 'Opened in 2009.\nShows every night.\n\nFree to watch.' }]);
    const sent = recordIntroCalls();
    renderPanel('en');

    // Listed with its line breaks, not run together.
    const text = await screen.findByText(/Opened in 2009\./);
    expect(text.textContent).toBe('Opened in 2009.\nShows every night.\n\nFree to watch.');
    expect(text).toHaveStyle({ whiteSpace: 'pre-line' });

    await userEvent.click(screen.getByRole('button', { name: 'Edit introduction' }));
    const editor = await screen.findByRole('textbox', { name: 'Content' });
    await waitFor(() => expect(editor.querySelectorAll('p')).toHaveLength(2));
    expect(editor.querySelector('p')!.innerHTML).toBe('Opened in 2009.<br>Shows every night.');

    // Every toolbar control carries its English label.
    for (const name of ['Bold', 'Italic', 'Underline', 'Strikethrough', 'Clear formatting', 'Heading 2', 'Heading 3', 'Bulleted list', 'Numbered list', 'Quote', 'Insert link', 'Remove link', 'Align left', 'Align centre', 'Align right', 'Justify', 'Undo', 'Redo']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }

    await userEvent.click(editor.querySelector('p')!);
    await userEvent.click(screen.getByRole('button', { name: 'Heading 2' }));
    await waitFor(() => expect(editor.querySelector('h2')).not.toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Align centre' }));
    await waitFor(() => expect(editor.querySelector('h2')).toHaveStyle({ textAlign: 'center' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].url).toBe('/api/ball/fallproject/intro/update');
    // (jsdom writes the style back with its semicolon; browsers keep it as the editor set it.)
    expect(sent[0].body.content).toMatch(/^<h2 style="text-align: center;?">Opened in 2009\.<br>Shows every night\.<\/h2><p>Free to watch\.<\/p>$/);
    expect(await screen.findByRole('heading', { level: 2, name: /Opened in 2009\./ })).toBeInTheDocument();
  });
});
