import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { DESIGN_WIDTH } from '@shared/constants';
import { Clock } from './clock';
import { WALL } from './theme';
import { fitTitle, TITLE_ROOM_PX, TITLE_TYPE } from './title-fit';

export const TITLE_BAR_HEIGHT = 84;

/**
 * Fits the title to the plate (title-fit.ts) as it renders and again when later fonts arrive.
 */
function useFitTitle(title: ReactNode) {
  const text = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const el = text.current;
    if (!el) return;
    fitTitle(el);
    let alive = true;
    document.fonts?.ready.then(() => alive && fitTitle(el), () => undefined);
    return () => {
      alive = false;
    };
  }, [title]);
  return text;
}

export interface WallTitleBarProps {
  title: ReactNode;
  /** Left wing (a subtitle, the stale badge). */
  left?: ReactNode;
  /** Right wing, before the clock. */
  right?: ReactNode;
  /** dayjs format of the clock's date line. */
  dateFormat?: string;
}

/** The wall's head: the system title in a lit centre plate, wings on both sides and a clock. */
export function WallTitleBar({ title, left, right, dateFormat = 'YYYY-MM-DD dddd' }: WallTitleBarProps) {
  const plate = 720;
  const wing = (DESIGN_WIDTH - plate) / 2;
  const titleText = useFitTitle(title);
  return (
    <header style={{ position: 'absolute', left: 0, top: 0, width: DESIGN_WIDTH, height: TITLE_BAR_HEIGHT }}>
      <svg aria-hidden width={DESIGN_WIDTH} height={TITLE_BAR_HEIGHT} style={{ position: 'absolute', inset: 0 }}>
        <defs>
          <linearGradient id="wall-plate" x1="0" x2="0" y1="0" y2="1">
            <stop offset="0" stopColor="#0d3a6e" stopOpacity="0.95" />
            <stop offset="1" stopColor="#06203f" stopOpacity="0.6" />
          </linearGradient>
          <linearGradient id="wall-line" x1="0" x2="1">
            <stop offset="0" stopColor={WALL.accent} stopOpacity="0" />
            <stop offset="0.5" stopColor={WALL.accent} stopOpacity="1" />
            <stop offset="1" stopColor={WALL.accent} stopOpacity="0" />
          </linearGradient>
        </defs>
        <path d={`M0 58 L${wing - 30} 58 L${wing} 74 L${wing + plate} 74 L${wing + plate + 30} 58 L${DESIGN_WIDTH} 58`} fill="none" stroke={WALL.border} strokeWidth="2" />
        <path d={`M${wing - 10} 0 L${wing + 24} 70 L${wing + plate - 24} 70 L${wing + plate + 10} 0 Z`} fill="url(#wall-plate)" stroke={WALL.accent} strokeOpacity="0.55" />
        <rect x={wing + 60} y={68} width={plate - 120} height={3} fill="url(#wall-line)" />
      </svg>
      <h1
        style={{
          position: 'absolute',
          left: wing,
          width: plate,
          top: 0,
          height: 66,
          margin: 0,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          fontWeight: 700,
          whiteSpace: 'nowrap',
          background: 'linear-gradient(180deg, #ffffff 20%, #8fe4ff 100%)',
          WebkitBackgroundClip: 'text',
          backgroundClip: 'text',
          color: 'transparent',
          textShadow: '0 0 18px rgba(60, 211, 255, 0.35)',
        }}
      >
        <span
          ref={titleText}
          data-testid="wall-title"
          style={{ display: 'block', maxWidth: TITLE_ROOM_PX, overflow: 'hidden', textOverflow: 'ellipsis', ...TITLE_TYPE }}
        >
          {title}
        </span>
      </h1>
      <div style={{ position: 'absolute', left: 28, top: 10, height: 44, width: wing - 80, display: 'flex', alignItems: 'center', gap: 16, fontSize: 18, color: WALL.textDim }}>
        {left}
      </div>
      <div style={{ position: 'absolute', right: 28, top: 6, height: 50, width: wing - 80, display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 20, color: WALL.text }}>
        {right}
        <Clock dateFormat={dateFormat} style={{ fontSize: 28, fontFamily: WALL.numberFont }} />
      </div>
    </header>
  );
}
