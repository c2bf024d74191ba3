import { DESIGN_HEIGHT, DESIGN_WIDTH } from '@shared/constants';

export const FIT_MODES = ['fit', 'fill-width', 'fill-height', 'stretch'] as const;
export type FitMode = (typeof FIT_MODES)[number];

export interface CanvasScale {
  scaleX: number;
  scaleY: number;
  /** Offset of the canvas inside the viewport (letterbox), in screen pixels. */
  left: number;
  top: number;
}

export function parseFit(value: string | null | undefined): FitMode {
  return (FIT_MODES as readonly string[]).includes(value ?? '') ? (value as FitMode) : 'fit';
}

/**
 * How the 1920×1080 design canvas maps onto a viewport: `fit` keeps the aspect and letterboxes,
 * `fill-width` / `fill-height` match one side (the other may scroll or clip), `stretch` distorts.
 */
export function canvasScale(mode: FitMode, width: number, height: number, design = { width: DESIGN_WIDTH, height: DESIGN_HEIGHT }): CanvasScale {
  const sx = width / design.width;
  const sy = height / design.height;
  if (mode === 'stretch') return { scaleX: sx, scaleY: sy, left: 0, top: 0 };
  const s = mode === 'fill-width' ? sx : mode === 'fill-height' ? sy : Math.min(sx, sy);
  const left = mode === 'fill-height' || mode === 'fit' ? Math.max(0, (width - design.width * s) / 2) : 0;
  const top = mode === 'fill-width' || mode === 'fit' ? Math.max(0, (height - design.height * s) / 2) : 0;
  return { scaleX: s, scaleY: s, left, top };
}

/** Device pixels per design pixel, so canvases (ECharts) render sharp at the scaled size. */
export function renderPixelRatio(scale: Pick<CanvasScale, 'scaleX' | 'scaleY'>, devicePixelRatio = 1): number {
  return Math.max(1, Math.max(scale.scaleX, scale.scaleY) * devicePixelRatio);
}
