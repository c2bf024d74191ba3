import type { CSSProperties, ReactNode } from 'react';
import { DeferredTooltip } from './deferred-tooltip';
import { PANEL_TITLE_HEIGHT, WALL } from './theme';
import { panelTiming } from './element-timing';

export interface PanelBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface PanelProps {
  title: ReactNode;
  children: ReactNode;
  /** Position and size on the design canvas; without it the panel fills its parent. */
  box?: PanelBox;
  /** What the figures mean (docs/domain.md §4), shown on hover over the title. */
  hint?: ReactNode;
  /** Right side of the title bar (a unit, a period, a count). */
  extra?: ReactNode;
  /** True once the panel's data is drawn: benchmarks and browser tests wait for data-ready="true". */
  ready?: boolean;
  /** Text instead of the body while there is nothing to draw (loading, error, empty). */
  placeholder?: ReactNode;
  /** data-panel name for tests and benchmarks. */
  name?: string;
  style?: CSSProperties;
  /** Padding of the body in design pixels. */
  padding?: number;
}

/** The size inside a panel's frame, title and padding: what its chart or map draws on. */
export function panelBodySize(box: PanelBox, padding: number): { width: number; height: number } {
  return { width: box.w - 2 - 2 * padding, height: box.h - 2 - PANEL_TITLE_HEIGHT - 2 * padding };
}

const corner = (pos: CSSProperties): CSSProperties => ({ position: 'absolute', width: 14, height: 14, borderColor: WALL.corner, borderStyle: 'solid', borderWidth: 0, ...pos });

/** A framed wall panel: glowing corners, a title bar with an optional definition on hover, a body. */
export function Panel({ title, children, box, hint, extra, ready, placeholder, name, style, padding = 14 }: PanelProps) {
  const position: CSSProperties = box ? { position: 'absolute', left: box.x, top: box.y, width: box.w, height: box.h } : { position: 'relative', width: '100%', height: '100%' };
  const titleNode = (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8, cursor: hint ? 'help' : undefined }}>
      <span aria-hidden style={{ width: 4, height: 18, background: WALL.accent, boxShadow: `0 0 8px ${WALL.accent}` }} />
      <span key={ready ? 'ready' : 'waiting'} elementtiming={panelTiming(name, ready)} style={{ fontSize: 19, fontWeight: 600, letterSpacing: 1.5 }}>
        {title}
      </span>
      {hint && (
        <span aria-hidden style={{ fontSize: 12, color: WALL.textFaint, border: `1px solid ${WALL.textFaint}`, borderRadius: 8, width: 16, height: 16, display: 'inline-flex', alignItems: 'center', justifyContent: 'center' }}>
          ?
        </span>
      )}
    </span>
  );
  return (
    <section
      data-panel={name}
      data-ready={ready ? 'true' : 'false'}
      aria-label={typeof title === 'string' ? title : undefined}
      style={{
        ...position,
        display: 'flex',
        flexDirection: 'column',
        background: WALL.panel,
        border: `1px solid ${WALL.border}`,
        boxShadow: 'inset 0 0 28px rgba(30, 140, 255, 0.12)',
        ...style,
      }}
    >
      <span aria-hidden style={corner({ left: -1, top: -1, borderLeftWidth: 2, borderTopWidth: 2 })} />
      <span aria-hidden style={corner({ right: -1, top: -1, borderRightWidth: 2, borderTopWidth: 2 })} />
      <span aria-hidden style={corner({ left: -1, bottom: -1, borderLeftWidth: 2, borderBottomWidth: 2 })} />
      <span aria-hidden style={corner({ right: -1, bottom: -1, borderRightWidth: 2, borderBottomWidth: 2 })} />
      <header
        style={{
          height: PANEL_TITLE_HEIGHT,
          flex: `0 0 ${PANEL_TITLE_HEIGHT}px`,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          padding: '0 14px',
          background: WALL.panelHeader,
          borderBottom: `1px solid ${WALL.border}`,
        }}
      >
        {hint ? (
          <DeferredTooltip label={hint} multiline w={360} withArrow position="bottom-start" color="dark" openDelay={150}>
            {titleNode}
          </DeferredTooltip>
        ) : (
          titleNode
        )}
        {extra && <span style={{ fontSize: 14, color: WALL.textDim }}>{extra}</span>}
      </header>
      <div style={{ position: 'relative', flex: 1, minHeight: 0, padding }}>
        {placeholder ? (
          <div style={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center', color: WALL.textFaint, fontSize: 16 }}>{placeholder}</div>
        ) : (
          children
        )}
      </div>
    </section>
  );
}
