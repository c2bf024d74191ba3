import { act, render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropWallFrame, showWallFrame, wallFrameShown, WALL_FRAME_ID } from './first-frame-dom';
import { Panel } from './panel';
import { WallCanvas } from './wall-canvas';

const FRAME = '<div data-wall-root><div data-wall-canvas style="transform: translate(0px, 0px) scale(1, 1)"><section data-panel="map" data-ready="true"></section></div></div>';

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
    expect(showWallFrame(FRAME, '#/page', 'cn')).toBe(true);
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
      showWallFrame(FRAME.replace('</section>', `</section>${drawn}`), '#/page', 'en');
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
    expect(showWallFrame(FRAME, '#/page', 'cn')).toBe(false);
    expect(wallFrameShown()).toBe(false);
  });

  it('is taken away by the app’s wall once every one of its panels has drawn', async () => {
    appRoot();
    showWallFrame(FRAME, '#/page', 'cn');
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
});
