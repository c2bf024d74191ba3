import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { WallWarning } from '@shared/contracts/wall';
import { LEVEL_COLOR, TAG_HEX, WALL } from '../../../components/wall/theme';
import { localName } from '@shared/local-name';

const ROW_HEIGHT = 56;

/** The project's warnings, open ones first, as many whole rows as the panel holds (nothing half cut). */
export function WarningList({ warnings, height }: { warnings: WallWarning[]; height: number }) {
  const rows = Math.max(1, Math.floor(height / ROW_HEIGHT));
  const { t, i18n } = useTranslation('wallProject');
  if (!warnings.length) {
    return <div style={{ padding: 24, color: WALL.textDim, fontSize: 17, textAlign: 'center' }}>{t('warnings.none')}</div>;
  }
  return (
    <ul data-testid="warning-list" style={{ listStyle: 'none', margin: 0, padding: '6px 12px', position: 'absolute', inset: 0, overflow: 'hidden' }}>
      {warnings.slice(0, rows).map((w) => {
        const open = w.dealAt === null && w.result === null;
        const colour = open ? (LEVEL_COLOR[w.level] ?? TAG_HEX.warning) : TAG_HEX.default;
        const status = open ? t('warnings.open') : w.result === 'fixed' ? t('warnings.fixed') : t('warnings.notFixed');
        return (
          <li key={w.id} style={{ height: ROW_HEIGHT, boxSizing: 'border-box', display: 'grid', gridTemplateColumns: '10px 1fr auto', gap: 10, alignItems: 'start', padding: '8px 0', borderBottom: `1px dashed ${WALL.grid}` }}>
            <span style={{ width: 10, height: 10, marginTop: 6, borderRadius: 5, background: colour, boxShadow: open ? `0 0 8px ${colour}` : 'none' }} />
            <div style={{ minWidth: 0 }}>
              <div style={{ fontSize: 16, color: open ? WALL.text : WALL.textDim, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }} title={w.info}>
                {w.info}
              </div>
              <div style={{ fontSize: 13, color: WALL.textFaint, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
                {dayjs(w.at).format('MM-DD HH:mm')}
                {w.boardName ? ` · ${localName(w.boardName, w.boardNameEn, i18n.language)}` : ''}
                {w.channel ? ` · ${t('warnings.channel', { ch: w.channel })}` : ''}
                {w.equipmentName ? ` · ${localName(w.equipmentName, w.equipmentNameEn, i18n.language)}` : ''}
              </div>
            </div>
            <span style={{ fontSize: 13, color: colour, border: `1px solid ${colour}`, padding: '1px 6px', borderRadius: 3, whiteSpace: 'nowrap' }}>{status}</span>
          </li>
        );
      })}
    </ul>
  );
}
