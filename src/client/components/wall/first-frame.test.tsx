import { act, render, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { drawnFrom, dropWallFrame, showWallFrame, wallFrameShown, WALL_FRAME_ID } from './first-frame-dom';
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

  it('leaves a later frame alone: an earlier frame’s timer and address listener act on their own frame only', () => {
    appRoot();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      showWallFrame(FRAME, '#/page', 'cn', { stays: () => false });
      dropWallFrame();
      vi.advanceTimersByTime(10_000);
      showWallFrame(FRAME, '#/page', 'cn', { stays: onWall });
      // An address the second frame stays on, the first would not have.
      window.history.replaceState(null, '', '#/page');
      window.dispatchEvent(new HashChangeEvent('hashchange'));
      // The first frame's last moment passes: it is long gone, and the second one is not its to drop.
      vi.advanceTimersByTime(15_000);
      expect(wallFrameShown()).toBe(true);
      vi.advanceTimersByTime(10_000);
      expect(wallFrameShown()).toBe(false);
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

  /** The frame with a drawing of the map drawn from `points`, as the server writes it. */
  const withDrawing = (points: unknown) =>
    FRAME.replace('<section data-panel="map" data-ready="true"></section>', `<section data-panel="map" data-ready="true"><div data-frame-drawing data-drawn-from="${drawnFrom(points)}"><svg><path d="M0 0"></path></svg></div></section>`);
  const POINTS = [{ id: 1, lat: 30, lng: 120 }];

  /** A map panel's body whose live map draws as soon as it is started: the frame's drawing goes then. */
  function mapBody(started: string[], seen: { reach?: () => void; drawnAs?: unknown }) {
    return function MapBody({ shows }: { shows: unknown }) {
      const { drawing, drawnAs, live, drawn: handedOver, reach } = useFrameHandover('map', shows);
      Object.assign(seen, { reach, drawnAs });
      useEffect(() => {
        if (!live) return;
        started.push('map');
        handedOver();
      }, [live, handedOver]);
      return <div data-testid="body" data-live={String(live)} dangerouslySetInnerHTML={{ __html: drawing ?? 'live' }} />;
    };
  }

  it('lends a panel its drawing, and starts the live one only when the viewer reaches for it, once the frame is gone, in its turn', async () => {
    appRoot();
    showWallFrame(withDrawing(POINTS), '#/page', 'cn', { stays: onWall, current: true });
    const started: string[] = [];
    const seen: { reach?: () => void } = {};
    const MapBody = mapBody(started, seen);
    const view = render(<MapBody shows={POINTS.map((p) => ({ ...p }))} />, { container: document.getElementById('root')! });
    const body = () => view.getByTestId('body');
    expect(body().innerHTML).toBe('<svg><path d="M0 0"></path></svg>');
    act(() => dropWallFrame());
    // On screen, with the same points: the drawing stays, Leaflet is not started.
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(body().dataset.live).toBe('false');
    // Reached for: the live map starts in its turn, and work asked for after it waits behind it.
    act(() => seen.reach!());
    afterWallShown(() => void started.push('after'));
    await waitFor(() => expect(body().innerHTML).toBe('live'));
    await waitFor(() => expect(started).toEqual(['map', 'after']));
  });

  it('starts the live one once what the panel would draw is no longer what the drawing shows, from what the drawing shows', async () => {
    appRoot();
    showWallFrame(withDrawing(POINTS), '#/page', 'cn', { stays: onWall, current: true });
    const started: string[] = [];
    const seen: { drawnAs?: unknown } = {};
    const MapBody = mapBody(started, seen);
    const view = render(<MapBody shows={POINTS} />, { container: document.getElementById('root')! });
    act(() => dropWallFrame());
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(started).toEqual([]);
    // A live chart starts from what the drawing shows and moves on to what is current from there.
    expect(seen.drawnAs).toBe(POINTS);
    view.rerender(<MapBody shows={[...POINTS, { id: 2, lat: 40, lng: -70 }]} />);
    await waitFor(() => expect(started).toEqual(['map']));
    expect(seen.drawnAs).toBe(POINTS);
  });

  it.each([
    ['without a frame', false],
    ['under a frame drawn before the data changed (the app draws newer answers)', true],
  ])('has nothing to lend %s: the live chart starts at once', (_, stale) => {
    appRoot();
    if (stale) showWallFrame(FRAME.replace('</section>', '<div data-frame-drawing><svg></svg></div></section>'), '#/page', 'cn', { stays: onWall });
    let seen: { drawing: string | null; live: boolean; shown: boolean } | null = null;
    function Body() {
      seen = useFrameHandover('map', POINTS);
      return null;
    }
    render(<Body />, { container: document.getElementById('root')! });
    expect(seen).toEqual({ drawing: null, drawnAs: undefined, live: true, shown: false, drawn: expect.any(Function), reach: expect.any(Function) });
  });
});
