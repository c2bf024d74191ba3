import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders } from '../../../../tests/helpers/render';
import { projectWallFixture } from '../../../../mocks/handlers/wall-project';
import { clearSession, loginDisplay } from '../../lib/session';
import { http } from 'msw';
import { server } from '../../../../mocks/server';
import { API, fail, ok } from '../../../../mocks/envelope';
import ProjectWall from './project-wall';
import ModelView from './model-view';

function renderWall(path: string, locale: 'cn' | 'en' = 'en') {
  return renderWithProviders(
    <Routes>
      <Route path="/page/project/:id" element={<ProjectWall />} />
      <Route path="/login2/:projectId" element={<p>login2 screen</p>} />
    </Routes>,
    { route: path, locale },
  );
}

const panel = (name: string) => document.querySelector(`[data-panel="${name}"]`) as HTMLElement;

describe('project wall', () => {
  beforeEach(() => clearSession());
  it('places equipment and boards on the site plan and shows the chosen board’s nine channels', async () => {
    loginDisplay('display-token', 'display');
    renderWall('/page/project/1');
    expect(await screen.findByText('West Lake Musical Fountain')).toBeInTheDocument();

    // Three of the four units have a position; each is a marker coloured by its state.
    await waitFor(() => expect(document.querySelectorAll('path.wall-eq')).toHaveLength(3));
    expect(document.querySelectorAll('path.wall-eq-broken')).toHaveLength(1);
    // Main pump 1 is at risk: an amber ring around its normal green, counted in the legend.
    expect(document.querySelectorAll('path.wall-eq-at-risk')).toHaveLength(1);
    expect(screen.getByTestId('legend-at-risk')).toHaveTextContent('At risk 1');
    expect(document.querySelectorAll('.leaflet-marker-icon [data-board-id]')).toHaveLength(2);

    // The board with a fault is shown first: nine channels, CH2 faulty.
    const board = within(panel('panel-board'));
    // The wall is in English: the board's English name (one language per screen).
    expect(board.getByText('Board 1')).toBeInTheDocument();
    expect(document.querySelectorAll('[data-testid^="channel-"]')).toHaveLength(9);
    expect(screen.getByTestId('channel-2')).toHaveAttribute('data-result', 'fault');
    expect(within(screen.getByTestId('channel-2')).getByText('20.0')).toBeInTheDocument();
    // CH4 has an open finding of the predictive detector: amber "at risk", not fault red; the legend counts the unit.
    expect(screen.getByTestId('channel-4')).toHaveAttribute('data-at-risk', 'true');
    expect(screen.getByTestId('channel-2')).not.toHaveAttribute('data-at-risk');

    // Clicking the other board on the plan opens its panel.
    fireEvent.click(document.querySelector('[data-board-id="22"]')!.closest('.leaflet-marker-icon')!);
    await waitFor(() => expect(board.getByText('Board 2')).toBeInTheDocument());
    expect(board.getByText(/Offline/)).toBeInTheDocument();

    // KPIs, warnings and the camera placeholder from the same answer.
    await waitFor(() => expect(document.querySelector('[data-testid="kpi-openOrders"] [data-value]')).toHaveAttribute('data-value', String(projectWallFixture.kpis.openOrders)));
    expect(document.querySelector('[data-testid="kpi-availability"] [data-value]')).toHaveAttribute('data-value', '50');
    expect(within(panel('panel-warnings')).getByText('1号检测板 CH2 主泵故障')).toBeInTheDocument();
    expect(within(panel('panel-cameras')).getByTestId('camera-placeholder')).toHaveTextContent('No stream address configured');
    clearSession();
  });

  it('shows a visitor without a token the public form and the way to the password', async () => {
    renderWall('/page/project/1', 'cn');
    expect(await screen.findByTestId('figure-equipmentCount')).toHaveTextContent('4 台');
    expect(screen.getByTestId('project-wall')).toHaveAttribute('data-mode', 'public');
    expect(screen.getByText('湖面音乐喷泉')).toBeInTheDocument();
    expect(document.querySelector('[data-panel="panel-site-plan"]')).toBeNull();
    fireEvent.click(screen.getByTestId('enter-password'));
    expect(await screen.findByText('login2 screen')).toBeInTheDocument();
  });

  it('says so when a project is not public', async () => {
    renderWall('/page/project/7', 'en');
    expect(await screen.findByText('This project is not public or does not exist')).toBeInTheDocument();
  });

  it("tells a signed-in user whose scope leaves the project out that it is outside their access, not to sign in", async () => {
    server.use(http.get(`${API}/wall/project/:id`, () => fail(403, 'Forbidden')));
    loginDisplay('user-token');
    const { unmount } = renderWall('/page/project/7', 'en');
    expect(await screen.findByText('This project is outside your access: ask an administrator to add it to your role')).toBeInTheDocument();
    expect(screen.queryByText('Sign in')).toBeNull();
    unmount();
    renderWall('/page/project/7', 'cn');
    expect(await screen.findByText('该项目不在您的数据权限范围内：请联系管理员将其加入您的角色')).toBeInTheDocument();
    clearSession();
  });

  it('says there is no such project for an address that is not an id, instead of staying dark', async () => {
    loginDisplay('display-token', 'display');
    renderWall('/page/project/abc');
    expect(await screen.findByText('No such project')).toBeInTheDocument();
    clearSession();
  });
});

describe('drawing view', () => {
  beforeEach(() => clearSession());
  it('names how many drawings there are when the address asks for one past the last, without a "99 / 4" title', async () => {
    loginDisplay('display-token', 'display');
    server.use(
      http.get(`${API}/ball/falldraw/byProject/1`, () =>
        ok([1, 2, 3, 4].map((n) => ({ id: n, name: `Drawing ${n}`, description: '', picture: null, file: null, sort: n }))),
      ),
    );
    renderWithProviders(
      <Routes>
        <Route path="/page/model/:id/:i" element={<ModelView />} />
      </Routes>,
      { route: '/page/model/1/99', locale: 'en' },
    );
    expect(await screen.findByText('There is no drawing number 99 (this project has 4)')).toBeInTheDocument();
    expect(screen.queryByText(/99 \/ 4/)).not.toBeInTheDocument();
    clearSession();
  });
});
