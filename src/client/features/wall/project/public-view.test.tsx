import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders } from '../../../../../tests/helpers/render';
import { server } from '../../../../../mocks/server';
import { API, ok } from '../../../../../mocks/envelope';
import { publicProjectFixture } from '../../../../../mocks/handlers/wall-project';
import { clearSession } from '../../../lib/session';
import ProjectWall from '../project-wall';

/** The public project answering with these introductions. */
function withIntroductions(introduction: typeof publicProjectFixture.introduction) {
  server.use(http.get(`${API}/public/project/:id`, () => ok({ ...publicProjectFixture, introduction })));
}

function renderPublic(locale: 'cn' | 'en' = 'en') {
  return renderWithProviders(
    <Routes>
      <Route path="/page/project/:id" element={<ProjectWall />} />
    </Routes>,
    { route: '/page/project/1', locale },
  );
}

const introPanel = () => within(document.querySelector('[data-panel="public-intro"]') as HTMLElement);

describe('public project view: introductions', () => {
  beforeEach(() => clearSession());

  it('shows the stored rich text: headings, lists, quotes and links', async () => {
    withIntroductions([
      {
        id: 1,
        type: 'overview',
        title: 'Overview',
        content:
          '<h2>Night shows</h2><p><strong>Every night</strong> at <a rel="noopener noreferrer nofollow" href="https://example.com/shows">the lake</a>.</p><ul><li><p>Music</p></li><li><p>Light</p></li></ul><blockquote><p>Free to watch</p></blockquote>',
      },
    ]);
    renderPublic('en');
    const panel = await screen.findByText('Overview').then(() => introPanel());
    expect(panel.getByRole('heading', { level: 2, name: 'Night shows' })).toBeInTheDocument();
    const list = panel.getByRole('list');
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Music', 'Light']);
    expect(panel.getByRole('link', { name: 'the lake' })).toHaveAttribute('href', 'https://example.com/shows');
    expect(panel.getByText('Every night').tagName).toBe('STRONG');
    expect(panel.getByText('Free to watch').closest('blockquote')).not.toBeNull();
  });

  it('shows the pictures of an introduction from the public address, which needs no session', async () => {
    withIntroductions([{ id: 3, type: 'overview', title: 'Pictured', content: '<p>Look</p><img src="/api/oss/file/download/77" alt="Lake at night">' }]);
    renderPublic('en');
    await screen.findByText('Pictured');
    const picture = introPanel().getByRole('img', { name: 'Lake at night' });
    // The session's address answers 401 to a visitor; the public form's own one serves the picture.
    expect(picture).toHaveAttribute('src', `/api/public/project/${publicProjectFixture.id}/file/77`);
  });

  it('keeps the line breaks of a plain-text introduction', async () => {
    withIntroductions([{ id: 2, type: 'visit', title: '参观指南', content: '每晚 19:00 开演\n请勿进入水池\n\n大风天气可能取消' }]);
    renderPublic('cn');
    await screen.findByText('参观指南');
    const text = introPanel().getByText(/每晚 19:00 开演/);
    expect(text.textContent).toBe('每晚 19:00 开演\n请勿进入水池\n\n大风天气可能取消');
    expect(text).toHaveStyle({ whiteSpace: 'pre-line' });
  });

  it('does not run or keep anything outside the allow-list, even if the API sent it', async () => {
    withIntroductions([
      {
        id: 3,
        type: 'overview',
        title: 'Overview',
        content: '<p onclick="window.__xss = 1" class="x" style="position:fixed">safe <img src="x" onerror="window.__xss = 1"><a href="javascript:window.__xss = 1">link</a></p><script>window.__xss = 1</script><iframe src="https://evil.example"></iframe>',
      },
    ]);
    renderPublic('en');
    await screen.findByText('Overview');
    const body = document.querySelector('[data-panel="public-intro"] [data-rich="html"]') as HTMLElement;
    expect(body.innerHTML).toBe('<p>safe <a>link</a></p>');
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });
});

describe('public project view: what the operating calendar says now', () => {
  beforeEach(() => clearSession());

  it('shows a visitor idle and the next show, in the project\'s zone, in both languages', async () => {
    // The fixture: 16:00 in Shanghai, idle until 19:00 tonight.
    const { unmount } = renderPublic('en');
    const state = await screen.findByTestId('show-state');
    expect(state).toHaveAttribute('data-state', 'idle');
    expect(state).toHaveTextContent('Idle');
    expect(screen.getByTestId('show-next')).toHaveTextContent('Next show 19:00');
    unmount();
    renderPublic('cn');
    expect(await screen.findByTestId('show-next')).toHaveTextContent('下一场 19:00');
    expect(screen.getByTestId('show-state')).toHaveTextContent('休息中');
  });

  it('shows a visitor a fountain closed for the season, with the first show after it', async () => {
    server.use(
      http.get(`${API}/public/project/:id`, () =>
        ok({
          ...publicProjectFixture,
          show: { state: 'closed', until: '2027-02-28T16:00:00.000Z', show: { start: '2027-03-01T11:00:00.000Z', end: '2027-03-01T13:30:00.000Z' }, closedBy: { id: 4, kind: 'season', name: 'Winterised' }, timeZone: 'Asia/Shanghai', ownProgramme: true },
        }),
      ),
    );
    renderPublic('en');
    const state = await screen.findByTestId('show-state');
    expect(state).toHaveAttribute('data-state', 'closed');
    expect(state).toHaveTextContent('Closed for the season (Winterised)');
    expect(screen.getByTestId('show-next')).toHaveTextContent('Next show 03-01 19:00');
  });
});
