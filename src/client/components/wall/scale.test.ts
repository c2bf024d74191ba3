import { describe, expect, it } from 'vitest';
import { canvasScale, parseFit, renderPixelRatio } from './scale';
import { clusterColor, gridCluster } from './cluster';

describe('wall canvas scaling', () => {
  it('fits 1920×1080 into any window with a letterbox', () => {
    expect(canvasScale('fit', 1920, 1080)).toEqual({ scaleX: 1, scaleY: 1, left: 0, top: 0 });
    // 1366×768 is a hair wider than 16:9: height decides, thin bars left and right.
    const laptop = canvasScale('fit', 1366, 768);
    expect(laptop.scaleX).toBeCloseTo(768 / 1080);
    expect(laptop.top).toBe(0);
    expect(laptop.left).toBeCloseTo((1366 - 1920 * (768 / 1080)) / 2);
    // A 4:3 screen: width decides, bars above and below.
    const s = canvasScale('fit', 1024, 768);
    expect(s.scaleX).toBeCloseTo(1024 / 1920);
    expect(s.top).toBeCloseTo((768 - 576) / 2);
    // An ultra-wide screen: height decides, bars left and right.
    const w = canvasScale('fit', 3840, 1080);
    expect(w).toEqual({ scaleX: 1, scaleY: 1, left: 960, top: 0 });
  });

  it('fills one side or stretches when asked', () => {
    // Filling the width of a taller screen centres the canvas vertically.
    expect(canvasScale('fill-width', 1024, 768)).toEqual({ scaleX: 1024 / 1920, scaleY: 1024 / 1920, left: 0, top: 96 });
    expect(canvasScale('fill-height', 1024, 768)).toEqual({ scaleX: 768 / 1080, scaleY: 768 / 1080, left: 0, top: 0 });
    expect(canvasScale('stretch', 960, 1080)).toEqual({ scaleX: 0.5, scaleY: 1, left: 0, top: 0 });
    expect(parseFit('stretch')).toBe('stretch');
    expect(parseFit('nonsense')).toBe('fit');
    expect(parseFit(null)).toBe('fit');
  });

  it('renders charts at the real pixel size', () => {
    expect(renderPixelRatio({ scaleX: 2, scaleY: 2 }, 1)).toBe(2);
    expect(renderPixelRatio({ scaleX: 0.5, scaleY: 0.5 }, 2)).toBe(1);
    expect(renderPixelRatio({ scaleX: 0.5, scaleY: 0.5 }, 1)).toBe(1);
    expect(renderPixelRatio({ scaleX: 1.5, scaleY: 1 }, 2)).toBe(3);
  });
});

describe('map clustering', () => {
  const project = (lat: number, lng: number) => ({ x: lng * 10, y: -lat * 10 });
  it('groups points that share a grid cell and keeps the rest apart', () => {
    const pts = [
      { id: 1, lat: 1, lng: 1, color: 'g', label: 'a' },
      { id: 2, lat: 1.5, lng: 1.5, color: 'r', label: 'b' },
      { id: 3, lat: 50, lng: 100, color: 'g', label: 'c' },
    ];
    const clusters = gridCluster(pts, project, 40);
    expect(clusters).toHaveLength(2);
    const pair = clusters.find((c) => c.points.length === 2)!;
    expect(pair.lat).toBeCloseTo(1.25);
    expect(clusterColor(pair, ['r', 'g'])).toBe('r');
  });

  it('merges clusters of neighbouring cells whose badges would overlap, and leaves distant ones apart', () => {
    // Two pairs either side of a cell line 40 px wide, 6 px apart: one badge of four, not two on top of each other.
    const pts = [
      { id: 1, lat: -1, lng: 3.7, color: 'g', label: 'a' },
      { id: 2, lat: -1, lng: 3.8, color: 'g', label: 'b' },
      { id: 3, lat: -1, lng: 4.1, color: 'r', label: 'c' },
      { id: 4, lat: -1, lng: 4.2, color: 'g', label: 'd' },
      { id: 5, lat: -1, lng: 20, color: 'g', label: 'far' },
    ];
    const clusters = gridCluster(pts, project, 40);
    expect(clusters.map((c) => c.points.length).sort()).toEqual([1, 4]);
    const four = clusters.find((c) => c.points.length === 4)!;
    expect(four.key).toBe('0:0');
    expect(clusterColor(four, ['r', 'g'])).toBe('r');
    // No two badges closer than a cell.
    for (const a of clusters) for (const b of clusters) if (a !== b) expect(Math.hypot((a.lng - b.lng) * 10, (a.lat - b.lat) * 10)).toBeGreaterThanOrEqual(40);
  });
});
