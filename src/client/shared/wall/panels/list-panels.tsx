import { memo } from 'react';
import dayjs from 'dayjs';
import type { UseQueryResult } from '@tanstack/react-query';
import { DEVICE_CATEGORY } from '@shared/dictionaries';
import type { BrokenDeviceList } from '@shared/contracts/stats';
import type { WarningLatest } from '@shared/contracts/warning';
import { Panel, panelBodySize, type PanelBox } from '@client/components/wall/panel';
import { ScrollList } from '@client/components/wall/scroll-list';
import { deviceStateColor, LEVEL_COLOR, TAG_HEX, WALL } from '@client/components/wall/theme';
import { dictLabel } from '../../stats/chart-options';
import type { LatestWarning } from '../../stats/api/get-latest-warnings';
import type { CurrentNotice } from '../../stats/api/get-current-notices';
import { useWallText } from '../use-wall-locale';
import { samePanelProps } from './same-props';
import { PanelStale } from './panel-stale';
import { localName } from '@shared/local-name';
import type { TFunction } from 'i18next';

const ROW = 40;
const LIST_PADDING = 8;
const cell = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/**
 * How many a capped list shows beside how many there are ("50 of 67"): the total is the server's
 * count, the same figure as the KPI above it; just the total when the list holds them all.
 */
export function ShownOfTotal({ shown, total }: { shown: number; total: number }) {
  const { t } = useWallText();
  const text = shown < total ? t('counts.shownOfTotal', { shown, total }) : String(total);
  return (
    <span data-testid="shown-of-total" title={shown < total ? t('counts.shownOfTotalTitle', { shown, total }) : undefined} style={{ color: TAG_HEX.danger, fontFamily: WALL.numberFont, fontSize: 18 }}>
      {text}
    </span>
  );
}

function placeholderOf(q: UseQueryResult<unknown>, t: TFunction<'wall'>): string | null {
  if (q.isPending) return t('loading');
  if (q.isError && !q.data) return t('failed');
  return null;
}

/** Equipment broken right now, newest first, scrolling when it does not fit. */
export const BrokenDevicesPanel = memo(BrokenDevicesPanelOf, samePanelProps);

function BrokenDevicesPanelOf({ query, box }: { query: UseQueryResult<BrokenDeviceList>; box: PanelBox }) {
  const { t, locale } = useWallText();
  const rows = query.data?.list ?? [];
  return (
    <Panel
      name="broken"
      title={t('panels.broken')}
      hint={t('hints.broken')}
      extra={
        <>
          {query.data && <ShownOfTotal shown={rows.length} total={query.data.total} />}
          <PanelStale updatedAt={query.dataUpdatedAt} />
        </>
      }
      box={box}
      ready={query.isSuccess}
      placeholder={placeholderOf(query, t)}
      padding={LIST_PADDING}
    >
      <ScrollList
        items={rows}
        height={panelBodySize(box, LIST_PADDING).height}
        keyOf={(r) => r.id}
        rowHeight={ROW}
        empty={t('empty')}
        renderRow={(r, i) => (
          <div
            style={{
              height: ROW - 4,
              display: 'grid',
              gridTemplateColumns: '10px 1.1fr 1.3fr 92px',
              alignItems: 'center',
              gap: 10,
              padding: '0 10px',
              fontSize: 15,
              background: i % 2 ? 'transparent' : 'rgba(60, 157, 255, 0.07)',
            }}
          >
            <span aria-hidden style={{ width: 8, height: 8, borderRadius: 4, background: deviceStateColor('broken'), boxShadow: `0 0 6px ${deviceStateColor('broken')}` }} />
            <span style={cell} title={localName(r.name, r.nameEn, locale)}>
              {localName(r.name, r.nameEn, locale)}
              <span style={{ color: WALL.textFaint, marginLeft: 6, fontSize: 13 }}>{r.category ? dictLabel(DEVICE_CATEGORY, r.category, locale) : ''}</span>
            </span>
            <span style={{ ...cell, color: WALL.textDim }} title={localName(r.projectName, r.projectNameEn, locale)}>
              {localName(r.projectName, r.projectNameEn, locale)}
            </span>
            <span style={{ color: WALL.textFaint, fontSize: 13, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{dayjs(r.since).format('MM-DD HH:mm')}</span>
          </div>
        )}
      />
    </Panel>
  );
}

/** The latest warnings as a ticker, coloured by level; open ones marked. */
export const WarningsPanel = memo(WarningsPanelOf, samePanelProps);

function WarningsPanelOf({ query, box }: { query: UseQueryResult<WarningLatest<LatestWarning>>; box: PanelBox }) {
  const { t, locale } = useWallText();
  const rows = query.data?.list ?? [];
  // The ticker holds the latest few; the open figure is the server's count of all open warnings.
  const listed = rows.filter((w) => !w.result).length;
  const open = query.data?.openTotal ?? 0;
  return (
    <Panel
      name="warnings"
      title={t('panels.warnings')}
      hint={t('hints.warnings')}
      extra={
        <>
          <span data-testid="open-warnings" style={{ color: TAG_HEX.warning }}>{`${t('warning.open')} ${listed < open ? t('counts.of', { shown: listed, total: open }) : open}`}</span>
          <PanelStale updatedAt={query.dataUpdatedAt} />
        </>
      }
      box={box}
      ready={query.isSuccess}
      placeholder={placeholderOf(query, t)}
      padding={LIST_PADDING}
    >
      <ScrollList
        items={rows}
        height={panelBodySize(box, LIST_PADDING).height}
        keyOf={(r) => r.id}
        rowHeight={ROW}
        empty={t('empty')}
        renderRow={(w, i) => {
          const color = LEVEL_COLOR[w.level] ?? TAG_HEX.info;
          const project = w.projectName ? localName(w.projectName, w.projectNameEn, locale) : '';
          return (
            <div
              data-warning-id={w.id}
              data-result={w.result ?? 'open'}
              style={{
                height: ROW - 4,
                display: 'grid',
                gridTemplateColumns: '52px 1fr 64px',
                alignItems: 'center',
                gap: 10,
                padding: '0 10px',
                fontSize: 15,
                borderLeft: `3px solid ${color}`,
                background: i % 2 ? 'transparent' : 'rgba(60, 157, 255, 0.07)',
              }}
            >
              <span style={{ color: WALL.textFaint, fontSize: 13, fontVariantNumeric: 'tabular-nums' }}>{dayjs(w.at).format('HH:mm')}</span>
              {/* The warning first; the project after it only where 80 px are left (otherwise it wraps onto a
                  second line the row does not show): the project first left long English names no room
                  for the warning itself. Both are in the title. */}
              <span style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 8, minWidth: 0, height: 22, overflow: 'hidden' }} title={project ? `${w.info} · ${project}` : w.info}>
                <span data-part="info" style={{ ...cell, flex: '0 1 auto', maxWidth: '100%', lineHeight: '22px' }}>{w.info}</span>
                {project && <span data-part="project" style={{ ...cell, flex: '1 1 80px', minWidth: 80, color: WALL.textDim, fontSize: 13, lineHeight: '22px' }}>{project}</span>}
              </span>
              <span style={{ fontSize: 13, textAlign: 'right', color: w.result ? (w.result === 'fixed' ? TAG_HEX.success : TAG_HEX.danger) : color }}>
                {w.result ? t(`warning.${w.result}`) : t('warning.open')}
              </span>
            </div>
          );
        }}
      />
    </Panel>
  );
}

/** Notices in force, scrolling slowly when long. */
export const NoticesPanel = memo(NoticesPanelOf, samePanelProps);

function NoticesPanelOf({ query, box }: { query: UseQueryResult<CurrentNotice[]>; box: PanelBox }) {
  const { t, locale } = useWallText();
  const rows = query.data ?? [];
  return (
    <Panel name="notices" title={t('panels.notices')} hint={t('hints.notices')} extra={<PanelStale updatedAt={query.dataUpdatedAt} />} box={box} ready={query.isSuccess} placeholder={placeholderOf(query, t)} padding={LIST_PADDING}>
      <ScrollList
        items={rows}
        height={panelBodySize(box, LIST_PADDING).height}
        keyOf={(r) => r.id}
        rowHeight={56}
        speed={14}
        empty={t('empty')}
        renderRow={(n) => (
          <div style={{ height: 52, padding: '2px 10px', overflow: 'hidden' }}>
            <div style={{ ...cell, fontSize: 15, color: WALL.accent }}>{localName(n.title, n.titleEn, locale)}</div>
            <div style={{ ...cell, fontSize: 13, color: WALL.textDim }}>{localName(n.body, n.bodyEn, locale).replace(/<[^>]+>/g, ' ')}</div>
          </div>
        )}
      />
    </Panel>
  );
}
