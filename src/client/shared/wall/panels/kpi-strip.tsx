import { memo, type ReactNode } from 'react';
import { DeferredTooltip } from '@client/components/wall/deferred-tooltip';
import { NumberCounter } from '@client/components/wall/number-counter';
import { AT_RISK_HEX, TAG_HEX, WALL } from '@client/components/wall/theme';
import { panelTiming } from '@client/components/wall/element-timing';

export interface Kpi {
  key: string;
  label: string;
  value: number | null | undefined;
  decimals?: number;
  unit?: string;
  color?: string;
  hint?: ReactNode;
}

/** The headline figures above the map: big counting numbers in lit frames. */
export const KpiStrip = memo(KpiStripOf);

function KpiStripOf({ items, box, ready }: { items: Kpi[]; box: { x: number; y: number; w: number; h: number }; ready: boolean }) {
  const gap = 14;
  const w = (box.w - gap * (items.length - 1)) / items.length;
  return (
    <section data-panel="kpi" data-ready={ready ? 'true' : 'false'} style={{ position: 'absolute', left: box.x, top: box.y, width: box.w, height: box.h, display: 'flex', gap }}>
      {items.map((k) => {
        const body = (
          <div
            data-kpi={k.key}
            style={{
              width: w,
              height: box.h,
              display: 'flex',
              flexDirection: 'column',
              justifyContent: 'center',
              alignItems: 'center',
              background: 'linear-gradient(180deg, rgba(16, 60, 120, 0.55) 0%, rgba(6, 24, 52, 0.7) 100%)',
              border: `1px solid ${WALL.border}`,
              borderTop: `2px solid ${k.color ?? WALL.accent}`,
              boxShadow: `inset 0 -12px 24px -16px ${k.color ?? WALL.accent}`,
              cursor: k.hint ? 'help' : undefined,
            }}
          >
            <span key={ready ? 'ready' : 'waiting'} elementtiming={panelTiming('kpi', ready)} style={{ fontSize: 16, color: WALL.textDim, letterSpacing: 1, whiteSpace: 'nowrap' }}>
              {k.label}
            </span>
            <span style={{ display: 'flex', alignItems: 'baseline', gap: 6, marginTop: 4 }}>
              <NumberCounter value={k.value} decimals={k.decimals} style={{ fontSize: 40, fontWeight: 700, fontFamily: WALL.numberFont, color: k.color ?? WALL.text, textShadow: `0 0 14px ${k.color ?? WALL.accent}66` }} />
              {k.unit && <span style={{ fontSize: 16, color: WALL.textDim }}>{k.unit}</span>}
            </span>
          </div>
        );
        return k.hint ? (
          <DeferredTooltip key={k.key} label={k.hint} multiline w={320} withArrow color="dark">
            {body}
          </DeferredTooltip>
        ) : (
          <div key={k.key}>{body}</div>
        );
      })}
    </section>
  );
}

export const KPI_COLORS = { projects: WALL.accent, equipment: TAG_HEX.primary, broken: TAG_HEX.danger, atRisk: AT_RISK_HEX, hours: TAG_HEX.warning, onTime: TAG_HEX.success };
