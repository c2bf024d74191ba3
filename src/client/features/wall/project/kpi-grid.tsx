import { useTranslation } from 'react-i18next';
import type { WallKpis } from '@shared/contracts/wall';
import { NumberCounter } from '../../../components/wall/number-counter';
import { TAG_HEX, WALL } from '../../../components/wall/theme';

const PERCENT = 100;

/** The project's four key figures, counting up: open orders, repair time, first-time fix rate, availability. */
export function KpiGrid({ kpis }: { kpis: WallKpis }) {
  const { t } = useTranslation('wallProject');
  const items = [
    { key: 'openOrders', value: kpis.openOrders, decimals: 0, unit: '', colour: kpis.openOrders > 0 ? TAG_HEX.warning : TAG_HEX.success },
    { key: 'repairSpeed', value: kpis.repairSpeed, decimals: 1, unit: t('kpi.hours'), colour: WALL.accent },
    { key: 'repairQuality', value: kpis.repairQuality === null ? null : kpis.repairQuality * PERCENT, decimals: 1, unit: '%', colour: TAG_HEX.success },
    { key: 'availability', value: kpis.availability === null ? null : kpis.availability * PERCENT, decimals: 1, unit: '%', colour: TAG_HEX.primary },
  ] as const;
  return (
    <div style={{ position: 'absolute', inset: 0, padding: 14, display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
      {items.map((k) => (
        <div
          key={k.key}
          data-testid={`kpi-${k.key}`}
          style={{ background: 'rgba(3, 18, 40, 0.6)', border: `1px solid ${WALL.border}`, display: 'flex', flexDirection: 'column', justifyContent: 'center', padding: '0 16px' }}
        >
          <div style={{ fontSize: 16, color: WALL.textDim }}>{t(`kpi.${k.key}`)}</div>
          <div style={{ display: 'flex', alignItems: 'baseline', gap: 6, color: k.colour }}>
            {k.value === null ? (
              <span style={{ fontSize: 40, fontFamily: WALL.numberFont, color: WALL.textFaint }}>{t('kpi.noData')}</span>
            ) : (
              <NumberCounter value={k.value} decimals={k.decimals} style={{ fontSize: 44, fontWeight: 700, fontFamily: WALL.numberFont, textShadow: `0 0 14px ${k.colour}55` }} />
            )}
            <span style={{ fontSize: 18 }}>{k.value === null ? '' : k.unit}</span>
          </div>
        </div>
      ))}
    </div>
  );
}
