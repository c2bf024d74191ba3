import { act, render, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropWallFrame, showWallFrame, wallFrameShown, WALL_FRAME_ID } from './first-frame-dom';
import { afterWallShown, useFrameHandover } from './first-frame';
import { Panel } from './panel';
import { WallCanvas } from './wall-canvas';

const FRAME = '<div data-wall-root><div data-wall-canvas style="transform: translate(0px, 0px) scale(1, 1)"><section data-panel="map" data-ready="true"></section></div></div>';

/** The address the frame is shown for (the early start passes the overview wall's). */
const onWall = (hash: string) => hash === '#/page';

function appRoot(): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  document.body.appendChild(root);
  return root;
}

afterEach(() => {
  dropWallFrame();
  document.body.innerHTML = '';
});

describe('the server-drawn first frame', () => {
  it('goes over the app’s root, hidden meanwhile, scaled to the window like the wall canvas', () => {
    const root = appRoot();
    window.innerWidth = 1366;
    window.innerHeight = 768;
    expect(showWallFrame(FRAME, '#/page', 'cn', { stays: onWall })).toBe(true);
    expect(wallFrameShown()).toBe(true);
    expect(root.style.visibility).toBe('hidden');
    const canvas = document.querySelector<HTMLElement>(`#${WALL_FRAME_ID} [data-wall-canvas]`)!;
    // Letterboxed: the height decides (768/1080), centred across.
    const s = 768 / 1080;
    expect(canvas.style.transform).toMatch(new RegExp(`^translate\\(${((1366 - 1920 * s) / 2).toFixed(3)}\\d*px, 0px\\) scale\\(${s.toFixed(6)}\\d*, ${s.toFixed(6)}\\d*\\)$`));
    dropWallFrame();
    expect(wallFrameShown()).toBe(false);
    expect(root.style.visibility).toBe('');
  });

  it('shows its clock on the viewer’s time, ticking, whenever the server drew it', () => {
    appRoot();
    vi.useFakeTimers({ now: new Date(2026, 10, 25, 8, 59, 58), toFake: ['Date', 'setInterval', 'clearInterval'] });
    try {
      const drawn = '<time data-clock-format="HH:mm:ss">03:00:00</time><span data-clock-format="YYYY-MM-DD dddd">2026-11-24 星期二</span>';
      showWallFrame(FRAME.replace('</section>', `</section>${drawn}`), '#/page', 'en', { stays: onWall });
      const lines = () => [...document.querySelectorAll(`#${WALL_FRAME_ID} [data-clock-format]`)].map((e) => e.textContent);
      expect(lines()).toEqual(['08:59:58', '2026-11-25 Wednesday']);
      vi.advanceTimersByTime(2000);
      expect(lines()).toEqual(['09:00:00', '2026-11-25 Wednesday']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stays away once the app’s own wall is on screen', () => {
    const root = appRoot();
    root.innerHTML = '<div data-wall-canvas></div>';
    expect(showWallFrame(FRAME, '#/page', 'cn', { stays: onWall })).toBe(false);
    expect(wallFrameShown()).toBe(false);
  });

  it('is taken away by the app’s wall once every one of its panels has drawn', async () => {
    appRoot();
    showWallFrame(FRAME, '#/page', 'cn', { stays: onWall });
    const wall = (ready: boolean) => (
      <MemoryRouter>
        <WallCanvas>
          <Panel name="status" title="Status" ready>
            x
          </Panel>
          <Panel name="map" title="Map" ready={ready}>
            y
          </Panel>
        </WallCanvas>
      </MemoryRouter>
    );
    const view = render(wall(false), { container: document.getElementById('root')! });
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(wallFrameShown()).toBe(true);
    view.rerender(wall(true));
    await waitFor(() => expect(wallFrameShown()).toBe(false));
    expect(document.getElementById('root')!.style.visibility).toBe('');
  });

  it('lends a panel its drawing, and has the live chart started once the frame is gone, one panel at a time', async () => {
    appRoot();
    const drawn = FRAME.replace('<section data-panel="map" data-ready="true"></section>', '<section data-panel="map" data-ready="true"><div data-frame-drawing><svg><path d="M0 0"></path></svg></div></section>');
    showWallFrame(drawn, '#/page', 'cn', { stays: onWall, current: true });
    const started: string[] = [];
    // A chart that draws as soon as it is started: the frame's drawing goes then.
    function MapBody() {
      const { drawing, live, drawn: handedOver } = useFrameHandover('map');
      useEffect(() => {
        if (!live) return;
        started.push('map');
        handedOver();
      }, [live, handedOver]);
      return <div data-testid="body" data-live={String(live)} dangerouslySetInnerHTML={{ __html: drawing ?? 'live' }} />;
    }
    const view = render(<MapBody />, { container: document.getElementById('root')! });
    const body = () => view.getByTestId('body');
    expect(body().innerHTML).toBe('<svg><path d="M0 0"></path></svg>');
    expect(body().dataset.live).toBe('false');
    // Work asked for later waits behind the chart, then runs in its own turn.
    afterWallShown(() => void started.push('after'));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(started).toEqual([]);
    act(() => dropWallFrame());
    await waitFor(() => expect(body().innerHTML).toBe('live'));
    await waitFor(() => expect(started).toEqual(['map', 'after']));
  });

  it.each([
    ['without a frame', false],
    ['under a frame drawn before the data changed (the app draws newer answers)', true],
  ])('has nothing to lend %s: the live chart starts at once', (_, stale) => {
    appRoot();
    if (stale) showWallFrame(FRAME.replace('</section>', '<div data-frame-drawing><svg></svg></div></section>'), '#/page', 'cn', { stays: onWall });
    let seen: { drawing: string | null; live: boolean; shown: boolean } | null = null;
    function Body() {
      seen = useFrameHandover('map');
      return null;
    }
    render(<Body />, { container: document.getElementById('root')! });
    expect(seen).toEqual({ drawing: null, live: true, shown: false, drawn: expect.any(Function) });
  });
});
