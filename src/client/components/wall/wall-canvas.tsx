import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DESIGN_HEIGHT, DESIGN_WIDTH } from '@shared/constants';
import { canvasScale, parseFit, type FitMode } from './scale';
import { WallContext } from './wall-context';
import { useDropFrameWhenDrawn } from './first-frame';
import { CURSOR_IDLE_MS, WALL } from './theme';

export interface WallCanvasProps {
  children: ReactNode;
  /** Scaling when the URL has no ?fit=…; `fit` (letterbox) by default. */
  fit?: FitMode;
  /** Accessible name of the wall. */
  label?: string;
}

function useViewport(): { width: number; height: number } {
  // The server draws the first frame at the design size; the early start scales it to the window.
  const [size, setSize] = useState(() => (typeof window === 'undefined' ? { width: DESIGN_WIDTH, height: DESIGN_HEIGHT } : { width: window.innerWidth, height: window.innerHeight }));
  useEffect(() => {
    const onResize = () => setSize({ width: window.innerWidth, height: window.innerHeight });
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return size;
}

/** Hides the cursor after a moment without movement (kiosk walls have nobody at a mouse). */
function useIdleCursor(enabled: boolean): boolean {
  const [idle, setIdle] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!enabled) return;
    const wake = () => {
      setIdle(false);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setIdle(true), CURSOR_IDLE_MS);
    };
    wake();
    window.addEventListener('mousemove', wake);
    window.addEventListener('pointerdown', wake);
    return () => {
      window.clearTimeout(timer.current);
      window.removeEventListener('mousemove', wake);
      window.removeEventListener('pointerdown', wake);
    };
  }, [enabled]);
  return enabled && idle;
}

/**
 * The 1920×1080 design canvas every wall is laid out on, scaled to the window with a CSS transform.
 * Children position themselves in design pixels; charts read the scale from WallContext to render
 * at the real pixel size.
 */
export function WallCanvas({ children, fit, label }: WallCanvasProps) {
  const [params] = useSearchParams();
  const mode = parseFit(params.get('fit') ?? fit);
  const kiosk = params.get('kiosk') === '1';
  const { width, height } = useViewport();
  const scale = useMemo(() => canvasScale(mode, width, height), [mode, width, height]);
  const hideCursor = useIdleCursor(kiosk);
  const context = useMemo(() => ({ ...scale, kiosk }), [scale, kiosk]);
  const scrolls = mode === 'fill-width' || mode === 'fill-height';
  const canvas = useRef<HTMLDivElement>(null);
  useDropFrameWhenDrawn(canvas);

  return (
    <div
      data-wall-root
      data-fit={mode}
      style={{
        position: 'fixed',
        inset: 0,
        background: WALL.background,
        overflow: scrolls ? 'auto' : 'hidden',
        cursor: hideCursor ? 'none' : undefined,
      }}
    >
      <div
        ref={canvas}
        role="main"
        aria-label={label}
        data-wall-canvas
        style={{
          position: 'absolute',
          left: 0,
          top: 0,
          width: DESIGN_WIDTH,
          height: DESIGN_HEIGHT,
          transform: `translate(${scale.left}px, ${scale.top}px) scale(${scale.scaleX}, ${scale.scaleY})`,
          transformOrigin: '0 0',
          background: WALL.backgroundGlow,
          color: WALL.text,
          fontFamily: WALL.font,
          overflow: 'hidden',
        }}
      >
        <WallContext.Provider value={context}>{children}</WallContext.Provider>
      </div>
      {scrolls && (
        // Gives the scroll container the scaled size so the cut-off side can be scrolled to.
        <div aria-hidden style={{ width: DESIGN_WIDTH * scale.scaleX, height: DESIGN_HEIGHT * scale.scaleY }} />
      )}
    </div>
  );
}
