import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { WallBoard, WallEquipment } from '@shared/contracts/wall';
import { localName } from '@shared/local-name';
import { WALL } from '../../../components/wall/theme';
import { ChannelTrendView } from '../../trend/channel-trend-view';

const WIDTH = 1280;
const CHART_HEIGHT = 560;

/**
 * A channel's trend over the project wall (a click on its tile): 1280 design pixels wide in the
 * middle of the canvas, above the panels but below the alarm layer (an alarm is never covered).
 * Closed by its button, Escape or a click beside it. Its own chunk (lazy), with the chart's marks.
 */
export default function TrendOverlay({ projectId, board, ch, equipment, onClose }: { projectId: number; board: WallBoard; ch: number; equipment: WallEquipment[]; onClose: () => void }) {
  const { t } = useTranslation('common');
  const { i18n } = useTranslation('wallProject');
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  const channel = board.channels.find((c) => c.ch === ch);
  const equipmentName = channel?.equipmentId ? equipment.find((e) => e.id === channel.equipmentId) : undefined;
  const name = (channel ? localName(channel.label, channel.labelEn, i18n.language) : '') || (equipmentName ? localName(equipmentName.name, equipmentName.nameEn, i18n.language) : '');
  return (
    <div data-testid="trend-overlay" onClick={onClose} style={{ position: 'absolute', inset: 0, zIndex: 1500, background: 'rgba(3, 11, 26, 0.62)', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <div
        role="dialog"
        aria-label={t('trend.title', { ch })}
        onClick={(e) => e.stopPropagation()}
        style={{ width: WIDTH, background: 'rgba(6, 22, 48, 0.97)', border: `1px solid ${WALL.accent}`, boxShadow: '0 0 40px rgba(60, 211, 255, 0.25)', padding: '18px 24px 20px', fontFamily: WALL.font }}
      >
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 12 }}>
          <span style={{ fontSize: 20, color: WALL.text, fontWeight: 600 }}>
            {localName(board.boardName, board.boardNameEn, i18n.language)} <span style={{ color: WALL.textDim, fontWeight: 400 }}>{board.boardNo}</span>
          </span>
          <button
            type="button"
            aria-label={t('trend.close')}
            onClick={onClose}
            style={{ background: 'transparent', border: `1px solid ${WALL.border}`, color: WALL.text, fontSize: 18, width: 36, height: 36, cursor: 'pointer', borderRadius: 3 }}
          >
            ✕
          </button>
        </div>
        <ChannelTrendView source={{ kind: 'wall', projectId, boardId: board.id, ch }} name={name || undefined} tone="wall" height={CHART_HEIGHT} />
      </div>
    </div>
  );
}
