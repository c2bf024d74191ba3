import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ProjectWall } from '@shared/contracts/wall';
import { Panel } from '../../../components/wall/panel';
import { TAG_HEX, WALL } from '../../../components/wall/theme';
import { TITLE_BAR_HEIGHT, WallTitleBar } from '../../../components/wall/wall-title-bar';
import { BoardChannels } from '../../../shared/wall/project/board-panel';
import { CameraGrid } from '../../../shared/wall/project/camera-grid';
import { KpiGrid } from './kpi-grid';
import { ShowState } from './show-state';
import { SitePlanMap } from './site-plan';
import { WarningList } from '../../../shared/wall/project/warning-list';
import { PanelStale } from '../../../shared/wall/panels/panel-stale';
import { ALARM_STRIP_HEIGHT } from '../../../shared/wall/alarms/alarm-strip';

/** A channel's trend over the wall: its own chunk (the chart's marks and range switch), fetched on the first click. */
const TrendOverlay = lazy(() => import('../../../shared/wall/project/trend-overlay'));

const GAP = 16;
const SIDE = 440;
const TOP = TITLE_BAR_HEIGHT + GAP;
const BODY_HEIGHT = 1080 - TOP - GAP;
const KPI_HEIGHT = 300;
/** Panel title bar plus the list's padding. */
const PANEL_CHROME = 54;
const BOARD_HEIGHT = 560;
const CENTER_LEFT = GAP + SIDE + GAP;
const CENTER_WIDTH = 1920 - 2 * (SIDE + 2 * GAP);
/** The alarm strip heads the centre column, kept free so an alarm never covers the site plan. */
export const PROJECT_ALARM_BOX = { x: CENTER_LEFT, y: TOP, w: CENTER_WIDTH, h: ALARM_STRIP_HEIGHT };
const PLAN_TOP = TOP + ALARM_STRIP_HEIGHT + GAP;

/** The board shown first: one with a fault if any, else the first. */
function firstBoard(wall: ProjectWall): number | null {
  const faulty = wall.boards.find((b) => b.channels.some((c) => c.result === 'fault'));
  return (faulty ?? wall.boards[0])?.id ?? null;
}

export interface ProjectDetailProps {
  wall: ProjectWall;
  /** Badges for the title bar: visitor, kiosk, stale data. */
  badges?: React.ReactNode;
  kiosk: boolean;
  /** When the wall's data were read (its query's dataUpdatedAt): each panel says so once they are stale. */
  updatedAt?: number;
}

/** The detailed project wall on the 1920×1080 canvas: KPIs and warnings, the site plan, board channels and cameras. */
export function ProjectDetail({ wall, badges, kiosk, updatedAt = 0 }: ProjectDetailProps) {
  const stale = <PanelStale updatedAt={updatedAt} />;
  const { t, i18n } = useTranslation('wallProject');
  const [picked, setPicked] = useState<number | null>(null);
  // The channel whose trend is open over the wall (board and channel), if any.
  const [trend, setTrend] = useState<{ board: number; ch: number } | null>(null);
  const closeTrend = useCallback(() => setTrend(null), []);
  const trendBoard = trend ? wall.boards.find((b) => b.id === trend.board) : undefined;
  const selected = wall.boards.find((b) => b.id === picked) ?? wall.boards.find((b) => b.id === firstBoard(wall)) ?? null;
  const name = (i18n.language === 'en' ? wall.project.nameEn : wall.project.nameCn) || wall.project.name;
  // The lists are capped; the figures beside them are the server's counts of the same things.
  const openListed = wall.warnings.filter((w) => w.dealAt === null && w.result === null).length;
  const openWarnings = wall.kpis.openWarnings;
  const shownOfTotal = (shown: number, total: number) => (shown < total ? t('counts.shownOfTotal', { shown, total }) : String(total));

  return (
    <>
      <WallTitleBar
        title={name}
        left={
          <>
            {badges}
            <ShowState show={wall.show} at={wall.at} projectId={wall.project.id} />
            {!kiosk ? (
              <Link to={`/page/model/${wall.project.id}/1`} style={{ fontSize: 15, color: WALL.accent, textDecoration: 'none', border: `1px solid ${WALL.border}`, padding: '3px 10px', borderRadius: 3 }}>
                ▣ {t('drawings')}
              </Link>
            ) : null}
          </>
        }
      />
      <Panel name="panel-kpis" ready padding={0} title={t('panels.kpis')} extra={stale} box={{ x: GAP, y: TOP, w: SIDE, h: KPI_HEIGHT }}>
        <KpiGrid kpis={wall.kpis} />
      </Panel>
      <Panel
        name="panel-warnings"
        ready
        padding={0}
        title={t('panels.warnings')}
        extra={
          <>
            {openWarnings ? <span data-testid="open-warnings" style={{ color: TAG_HEX.danger }}>{t('warnings.open')} {shownOfTotal(openListed, openWarnings)}</span> : null}
            {stale}
          </>
        }
        box={{ x: GAP, y: TOP + KPI_HEIGHT + GAP, w: SIDE, h: BODY_HEIGHT - KPI_HEIGHT - GAP }}
      >
        <WarningList warnings={wall.warnings} height={BODY_HEIGHT - KPI_HEIGHT - GAP - PANEL_CHROME} />
      </Panel>
      <Panel
        name="panel-site-plan"
        ready
        padding={0}
        title={t('panels.sitePlan')}
        extra={
          <>
            <span data-testid="equipment-count">{wall.equipment.length < wall.kpis.equipmentTotal ? t('counts.equipmentOf', { shown: wall.equipment.length, total: wall.kpis.equipmentTotal }) : t('equipmentCount', { n: wall.kpis.equipmentTotal })}</span>
            {stale}
          </>
        }
        box={{ x: CENTER_LEFT, y: PLAN_TOP, w: CENTER_WIDTH, h: BODY_HEIGHT - (PLAN_TOP - TOP) }}
        style={{ backgroundImage: `linear-gradient(${WALL.grid} 1px, transparent 1px), linear-gradient(90deg, ${WALL.grid} 1px, transparent 1px)`, backgroundSize: '48px 48px' }}
      >
        <SitePlanMap sitePlan={wall.sitePlan} equipment={wall.equipment} boards={wall.boards} selectedBoard={selected?.id ?? null} onSelectBoard={setPicked} />
      </Panel>
      <Panel name="panel-board" ready padding={0} title={t('panels.board')} extra={stale} box={{ x: 1920 - GAP - SIDE, y: TOP, w: SIDE, h: BOARD_HEIGHT }}>
        {selected ? (
          <BoardChannels board={selected} equipment={wall.equipment} onOpenTrend={(ch) => setTrend({ board: selected.id, ch })} />
        ) : (
          <div style={{ padding: 24, color: WALL.textDim, fontSize: 17, textAlign: 'center' }}>{wall.boards.length ? t('board.pick') : t('board.none')}</div>
        )}
      </Panel>
      <Panel name="panel-cameras" ready padding={0} title={t('panels.cameras')} extra={stale} box={{ x: 1920 - GAP - SIDE, y: TOP + BOARD_HEIGHT + GAP, w: SIDE, h: BODY_HEIGHT - BOARD_HEIGHT - GAP }}>
        <CameraGrid cameras={wall.cameras} />
      </Panel>
      {trend && trendBoard ? (
        <Suspense fallback={null}>
          <TrendOverlay projectId={wall.project.id} board={trendBoard} ch={trend.ch} equipment={wall.equipment} onClose={closeTrend} />
        </Suspense>
      ) : null}
    </>
  );
}
