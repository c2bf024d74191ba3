import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { DESIGN_HEIGHT, DESIGN_WIDTH } from '@shared/constants';
import { WALL_TITLE_HEIGHT } from '@shared/contracts/scene';
import { canvasScale, parseFit, type FitMode } from '../../../components/wall/scale';
import { WALL } from '../../../components/wall/theme';

/**
 * The project wall's frame until the shared wall kit (components/wall) ships its canvas and panel:
 * the 1920×1080 design canvas scaled to the window, a title bar with clock, framed panels and
 * numbers that count up. Uses the kit's palette and scale maths so both walls look the same.
 */
export function WallStage({ children, fit }: { children: ReactNode; fit?: FitMode | string | null }) {
  const mode = parseFit(fit);
  const [size, setSize] = useState(() => ({ w: window.innerWidth, h: window.innerHeight }));
  useEffect(() => {
    const onResize = () => setSize({ w: window.innerWidth, h: window.innerHeight });
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  const s = canvasScale(mode, size.w, size.h);
  return (
    <div style={{ position: 'fixed', inset: 0, overflow: 'hidden', background: WALL.background, fontFamily: WALL.font }}>
      <div
        data-wall-canvas
        style={{
          position: 'absolute',
          left: s.left,
          top: s.top,
          width: DESIGN_WIDTH,
          height: DESIGN_HEIGHT,
          transform: `scale(${s.scaleX}, ${s.scaleY})`,
          transformOrigin: '0 0',
          background: WALL.backgroundGlow,
          color: WALL.text,
          overflow: 'hidden',
        }}
      >
        {children}
      </div>
    </div>
  );
}

export function useClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

export function WallClock({ locale }: { locale: string }) {
  const now = useClock();
  const tag = locale === 'en' ? 'en-GB' : 'zh-CN';
  return (
    <div data-testid="wall-clock" style={{ textAlign: 'right', lineHeight: 1.15 }}>
      <div style={{ fontFamily: WALL.numberFont, fontSize: 30, letterSpacing: 2, color: WALL.text }}>
        {now.toLocaleTimeString(tag, { hour12: false })}
      </div>
      <div style={{ fontSize: 15, color: WALL.textDim }}>
        {now.toLocaleDateString(tag, { year: 'numeric', month: '2-digit', day: '2-digit', weekday: 'short' })}
      </div>
    </div>
  );
}

/** The title bar: a centred title on a glowing band, side slots for status and the clock. */
export function WallTitleBar({ title, left, right }: { title: ReactNode; left?: ReactNode; right?: ReactNode }) {
  return (
    <header
      style={{
        position: 'absolute',
        left: 0,
        top: 0,
        width: DESIGN_WIDTH,
        height: WALL_TITLE_HEIGHT,
        display: 'grid',
        gridTemplateColumns: '560px 1fr 560px',
        alignItems: 'center',
        padding: '0 28px',
        boxSizing: 'border-box',
        background: 'linear-gradient(180deg, rgba(0,120,220,0.28) 0%, rgba(3,11,26,0) 100%)',
        borderBottom: `1px solid ${WALL.border}`,
      }}
    >
      <div style={{ display: 'flex', gap: 12, alignItems: 'center', minWidth: 0 }}>{left}</div>
      <h1
        style={{
          margin: 0,
          textAlign: 'center',
          fontSize: 38,
          fontWeight: 700,
          letterSpacing: 4,
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          background: 'linear-gradient(180deg, #ffffff 0%, #9fe3ff 100%)',
          WebkitBackgroundClip: 'text',
          WebkitTextFillColor: 'transparent',
          textShadow: '0 0 24px rgba(60,211,255,0.35)',
        }}
      >
        {title}
      </h1>
      <div style={{ display: 'flex', gap: 16, alignItems: 'center', justifyContent: 'flex-end' }}>{right}</div>
    </header>
  );
}

const corner = (pos: CSSProperties): CSSProperties => ({ position: 'absolute', width: 14, height: 14, borderColor: WALL.corner, borderStyle: 'solid', borderWidth: 0, ...pos });

/** A framed panel with a title, placed absolutely on the design canvas (or filling its parent). */
export function WallPanel({
  title,
  extra,
  children,
  style,
  testId,
  bodyStyle,
}: {
  title: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  style?: CSSProperties;
  testId?: string;
  bodyStyle?: CSSProperties;
}) {
  return (
    <section
      data-testid={testId}
      data-wall-panel
      style={{
        position: 'absolute',
        display: 'flex',
        flexDirection: 'column',
        background: WALL.panel,
        border: `1px solid ${WALL.border}`,
        boxShadow: 'inset 0 0 30px rgba(0, 140, 255, 0.12)',
        boxSizing: 'border-box',
        ...style,
      }}
    >
      <span style={corner({ left: -1, top: -1, borderLeftWidth: 2, borderTopWidth: 2 })} />
      <span style={corner({ right: -1, top: -1, borderRightWidth: 2, borderTopWidth: 2 })} />
      <span style={corner({ left: -1, bottom: -1, borderLeftWidth: 2, borderBottomWidth: 2 })} />
      <span style={corner({ right: -1, bottom: -1, borderRightWidth: 2, borderBottomWidth: 2 })} />
      <div
        style={{
          height: 44,
          flex: '0 0 44px',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          padding: '0 16px',
          background: WALL.panelHeader,
          borderBottom: `1px solid ${WALL.border}`,
        }}
      >
        <h2 style={{ margin: 0, fontSize: 20, fontWeight: 600, letterSpacing: 1, color: WALL.text, display: 'flex', alignItems: 'center', gap: 10 }}>
          <span style={{ width: 4, height: 18, background: WALL.accent, boxShadow: `0 0 8px ${WALL.accent}` }} />
          {title}
        </h2>
        <div style={{ fontSize: 14, color: WALL.textDim }}>{extra}</div>
      </div>
      <div style={{ flex: 1, minHeight: 0, position: 'relative', overflow: 'hidden', ...bodyStyle }}>{children}</div>
    </section>
  );
}

const COUNT_MS = 1200;

/** A number that counts up from where it was to its new value (easing out), as big screens do. */
export function CountUp({ value, decimals = 0, style }: { value: number; decimals?: number; style?: CSSProperties }) {
  const [shown, setShown] = useState(0);
  const from = useRef(0);
  useEffect(() => {
    const start = performance.now();
    const origin = from.current;
    let frame = 0;
    const step = (now: number) => {
      const k = Math.min(1, (now - start) / COUNT_MS);
      const v = origin + (value - origin) * (1 - (1 - k) ** 3);
      setShown(v);
      from.current = v;
      if (k < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [value]);
  return (
    <span data-value={value.toFixed(decimals)} style={{ fontFamily: WALL.numberFont, fontVariantNumeric: 'tabular-nums', ...style }}>
      {shown.toFixed(decimals)}
    </span>
  );
}
