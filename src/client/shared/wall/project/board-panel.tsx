import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { WallBoard, WallEquipment } from '@shared/contracts/wall';
import { SWITCH_FAULT } from '@shared/constants';
import { AT_RISK_HEX, TAG_HEX, WALL } from '../../../components/wall/theme';
import { dateTime } from '@client/lib/date-time';
import { channelShown } from '@shared/choices';
import { localName } from '@shared/local-name';

const CHANNELS = 9;

/** Where the analog value sits in its range, 0..1 (values outside the range pin to the ends). */
export function rangeShare(value: number, min: number, max: number): number {
  if (max <= min) return 0;
  return Math.min(1, Math.max(0, (value - min) / (max - min)));
}

/**
 * The nine channels of one detection board: each with its switch state, analog value on a range
 * bar and result; a fault channel is outlined red so it reads from across the room. Channels of an
 * offline board are grey and say "no data since …" instead of a result.
 */
export function BoardChannels({ board, equipment, onOpenTrend }: { board: WallBoard; equipment: WallEquipment[]; onOpenTrend?: (ch: number) => void }) {
  const { t, i18n } = useTranslation('wallProject');
  const { t: tc } = useTranslation('common');
  const byCh = new Map(board.channels.map((c) => [c.ch, c]));
  const names = new Map(equipment.map((e) => [e.id, localName(e.name, e.nameEn, i18n.language)]));
  // A silent board's values are only what it last said: each channel says since when, never "normal".
  const noData = board.lastSeen ? t('channelOffline.since', { time: dateTime(board.lastSeen) }) : t('channelOffline.never');
  return (
    <div data-testid="board-panel" data-board-id={board.id} style={{ position: 'absolute', inset: 0, padding: 12, display: 'flex', flexDirection: 'column', gap: 10 }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', fontSize: 17 }}>
        <span style={{ fontWeight: 600, color: WALL.text, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {localName(board.boardName, board.boardNameEn, i18n.language)} <span style={{ color: WALL.textDim, fontWeight: 400 }}>{board.boardNo}</span>
        </span>
        <span style={{ color: board.online ? TAG_HEX.success : TAG_HEX.default, fontSize: 15, whiteSpace: 'nowrap' }}>
          ● {board.online ? t('board.online') : t('board.offline')}
        </span>
      </div>
      <div style={{ fontSize: 13, color: WALL.textFaint, marginTop: -6, display: 'flex', justifyContent: 'space-between', gap: 8 }}>
        <span>{board.lastSeen ? t('board.lastSeen', { time: dayjs(board.lastSeen).format('MM-DD HH:mm:ss') }) : t('board.never')}</span>
        {/* Readings that should have come in the last hour and did not (docs/devices.md "Missing readings"). */}
        {board.missed > 0 ? (
          <span data-testid="board-missing" style={{ color: TAG_HEX.warning, whiteSpace: 'nowrap' }}>
            {t('board.missing', { n: board.missed })}
          </span>
        ) : null}
      </div>
      <div style={{ flex: 1, display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gridTemplateRows: 'repeat(3, 1fr)', gap: 8, minHeight: 0 }}>
        {Array.from({ length: CHANNELS }, (_, n) => {
          const c = byCh.get(n + 1);
          const shown = c ? channelShown(board.online, c.result) : null;
          const fault = shown === 'fault';
          // At risk (an open finding of the predictive detector) while still reading normal: amber outline, distinct from fault red.
          const risk = shown === 'normal' && !!c?.atRisk;
          const colour = shown === 'fault' ? TAG_HEX.danger : risk ? AT_RISK_HEX : shown === 'normal' ? TAG_HEX.success : TAG_HEX.default;
          const share = c ? rangeShare(c.analogValue, c.analogMin, c.analogMax) : 0;
          return (
            <div
              key={n}
              data-testid={`channel-${n + 1}`}
              data-result={shown ?? 'none'}
              data-at-risk={risk ? 'true' : undefined}
              data-out-of-service={c?.outOfService ? 'true' : undefined}
              // A click (or Enter) opens the channel's trend over the wall.
              {...(onOpenTrend && c
                ? {
                    role: 'button',
                    tabIndex: 0,
                    'aria-label': tc('trend.show', { ch: n + 1 }),
                    onClick: () => onOpenTrend(n + 1),
                    onKeyDown: (ev: React.KeyboardEvent) => {
                      if (ev.key === 'Enter' || ev.key === ' ') {
                        ev.preventDefault();
                        onOpenTrend(n + 1);
                      }
                    },
                  }
                : {})}
              style={{
                cursor: onOpenTrend && c ? 'pointer' : undefined,
                border: `1px solid ${fault ? TAG_HEX.danger : risk ? AT_RISK_HEX : WALL.border}`,
                boxShadow: fault ? `inset 0 0 16px rgba(255,77,94,.35)` : risk ? `inset 0 0 16px rgba(255,159,28,.3)` : 'none',
                background: 'rgba(3, 18, 40, 0.6)',
                padding: '6px 8px',
                display: 'flex',
                flexDirection: 'column',
                justifyContent: 'space-between',
                minWidth: 0,
              }}
            >
              <div style={{ display: 'flex', justifyContent: 'space-between', fontSize: 13, color: WALL.textDim }}>
                <span style={{ fontWeight: 700, color: WALL.accent }}>CH{n + 1}</span>
                {/* The switch is a fault contact: closed (ON) is the fault, so it shows red, not green. */}
                <span style={{ color: c?.switchValue === SWITCH_FAULT ? TAG_HEX.danger : WALL.textFaint }}>
                  {c ? (c.switchValue === SWITCH_FAULT ? t('board.switchOn') : t('board.switchOff')) : '—'}
                </span>
              </div>
              <div style={{ fontSize: 13, color: WALL.text, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }} title={c ? localName(c.label, c.labelEn, i18n.language) : undefined}>
                {(c ? localName(c.label, c.labelEn, i18n.language) : '') || (c?.equipmentId ? names.get(c.equipmentId) : '') || '—'}
              </div>
              <div style={{ fontFamily: WALL.numberFont, fontSize: 22, color: colour, lineHeight: 1.1 }}>{c ? c.analogValue.toFixed(1) : '—'}</div>
              <div style={{ height: 5, background: 'rgba(120,170,230,.18)', borderRadius: 3, overflow: 'hidden' }} title={c ? t('board.range', { min: c.analogMin, max: c.analogMax }) : ''}>
                <div style={{ width: `${share * 100}%`, height: '100%', background: colour }} />
              </div>
              <div style={{ fontSize: 12, color: colour, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
                {shown === 'offline' ? noData : shown === 'fault' ? t('board.fault') : risk ? t('board.atRisk') : shown === 'normal' ? t('board.normal') : ''}
                {/* Its unit is out of service: the reading is shown as it is, and raises no alarm. */}
                {c?.outOfService ? <span data-testid="channel-out-of-service" style={{ color: WALL.textDim }}> · {t('outOfService')}</span> : null}
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
