import dayjs from 'dayjs';
import { LEVEL_COLOR, TAG_HEX, WALL } from '@client/components/wall/theme';
import { localName } from '@shared/local-name';
import type { AlarmGroup } from '@shared/contracts/warning';
import { useWallText } from '../use-wall-locale';

const ROW_HEIGHT = 40;

/**
 * The alarm strip while the alarm rate is in flood (docs/alarms.md "Flood on the wall"): instead of
 * hundreds of scrolling rows, one row per project and unit (or board) with its count, its worst level
 * and its newest alarm's time, worst first; the strip's two rows show the two worst groups.
 */
export function FloodGroups({ groups, allProjects }: { groups: AlarmGroup[]; allProjects: boolean }) {
  const { t, locale } = useWallText();
  return (
    <ul role="list" aria-live="polite" data-testid="alarm-groups" style={{ listStyle: 'none', margin: 0, padding: 0, height: 2 * ROW_HEIGHT, overflowY: groups.length > 2 ? 'auto' : 'hidden' }}>
      {groups.map((g) => {
        const c = LEVEL_COLOR[g.level] ?? TAG_HEX.warning;
        const project = allProjects && g.projectName ? localName(g.projectName, g.projectNameEn ?? '', locale) : '';
        const unit = g.equipmentName ? localName(g.equipmentName, g.equipmentNameEn ?? '', locale) : g.boardName ? localName(g.boardName, g.boardNameEn ?? '', locale) : '';
        const where = [project, unit].filter(Boolean).join(' · ');
        return (
          <li
            key={`${g.projectId}:${g.equipmentId ?? ''}:${g.detectId ?? ''}`}
            data-alarm-group={`${g.projectId}:${g.equipmentId ?? ''}:${g.detectId ?? ''}`}
            data-level={g.level}
            data-count={g.count}
            style={{ display: 'flex', alignItems: 'center', gap: 12, height: ROW_HEIGHT, borderBottom: `1px dashed ${WALL.grid}` }}
          >
            <span style={{ flex: 'none', minWidth: 64, fontSize: 16, fontWeight: 700, color: c, border: `2px solid ${c}`, borderRadius: 4, textAlign: 'center', padding: '1px 6px' }}>{t(`warning.levels.${g.level}`)}</span>
            <span style={{ flex: 1, minWidth: 0, fontSize: 20, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }} title={where}>
              {where}
            </span>
            <span style={{ flex: 'none', fontSize: 18, fontWeight: 700, color: c, fontFamily: WALL.numberFont }}>{t('alarm.groupCount', { count: g.count })}</span>
            <span title={dayjs(g.latestAt).format('YYYY-MM-DD HH:mm:ss')} style={{ flex: 'none', fontSize: 16, color: WALL.textDim, fontFamily: WALL.numberFont }}>{dayjs(g.latestAt).format('HH:mm')}</span>
          </li>
        );
      })}
    </ul>
  );
}
