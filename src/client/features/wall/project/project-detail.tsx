import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { WALL_TITLE_HEIGHT } from '@shared/contracts/scene';
import type { ProjectWall } from '@shared/contracts/wall';
import { TAG_HEX, WALL } from '../../../components/wall/theme';
import { BoardChannels } from './board-panel';
import { CameraGrid } from './camera-grid';
import { KpiGrid } from './kpi-grid';
import { SitePlanMap } from './site-plan';
import { WarningList } from './warning-list';
import { WallClock, WallPanel, WallTitleBar } from './wall-shell';

const GAP = 16;
const SIDE = 440;
const TOP = WALL_TITLE_HEIGHT + GAP;
const BODY_HEIGHT = 1080 - TOP - GAP;
const KPI_HEIGHT = 300;
/** Panel title bar plus the list's padding. */
const PANEL_CHROME = 58;
const BOARD_HEIGHT = 560;
const CENTER_LEFT = GAP + SIDE + GAP;
const CENTER_WIDTH = 1920 - 2 * (SIDE + 2 * GAP);

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
}

/** The detailed project wall on the 1920×1080 canvas: KPIs and warnings, the site plan, board channels and cameras. */
export function ProjectDetail({ wall, badges, kiosk }: ProjectDetailProps) {
  const { t, i18n } = useTranslation('wallProject');
  const [picked, setPicked] = useState<number | null>(null);
  const selected = wall.boards.find((b) => b.id === picked) ?? wall.boards.find((b) => b.id === firstBoard(wall)) ?? null;
  const name = (i18n.language === 'en' ? wall.project.nameEn : wall.project.nameCn) || wall.project.name;
  const openWarnings = wall.warnings.filter((w) => w.dealAt === null && w.result === null).length;

  return (
    <>
      <WallTitleBar
        title={<span data-testid="wall-title">{name}</span>}
        left={
          <>
            {badges}
            {!kiosk ? (
              <Link to={`/page/model/${wall.project.id}/1`} style={{ fontSize: 15, color: WALL.accent, textDecoration: 'none', border: `1px solid ${WALL.border}`, padding: '3px 10px', borderRadius: 3 }}>
                ▣ {t('drawings')}
              </Link>
            ) : null}
          </>
        }
        right={<WallClock locale={i18n.language} />}
      />
      <WallPanel testId="panel-kpis" title={t('panels.kpis')} style={{ left: GAP, top: TOP, width: SIDE, height: KPI_HEIGHT }}>
        <KpiGrid kpis={wall.kpis} />
      </WallPanel>
      <WallPanel
        testId="panel-warnings"
        title={t('panels.warnings')}
        extra={openWarnings ? <span style={{ color: TAG_HEX.danger }}>{t('warnings.open')} {openWarnings}</span> : null}
        style={{ left: GAP, top: TOP + KPI_HEIGHT + GAP, width: SIDE, height: BODY_HEIGHT - KPI_HEIGHT - GAP }}
      >
        <WarningList warnings={wall.warnings} height={BODY_HEIGHT - KPI_HEIGHT - GAP - PANEL_CHROME} />
      </WallPanel>
      <WallPanel
        testId="panel-site-plan"
        title={t('panels.sitePlan')}
        extra={t('equipmentCount', { n: wall.equipment.length })}
        style={{ left: CENTER_LEFT, top: TOP, width: CENTER_WIDTH, height: BODY_HEIGHT }}
        bodyStyle={{ backgroundImage: `linear-gradient(${WALL.grid} 1px, transparent 1px), linear-gradient(90deg, ${WALL.grid} 1px, transparent 1px)`, backgroundSize: '48px 48px' }}
      >
        <SitePlanMap sitePlan={wall.sitePlan} equipment={wall.equipment} boards={wall.boards} selectedBoard={selected?.id ?? null} onSelectBoard={setPicked} />
      </WallPanel>
      <WallPanel testId="panel-board" title={t('panels.board')} style={{ left: 1920 - GAP - SIDE, top: TOP, width: SIDE, height: BOARD_HEIGHT }}>
        {selected ? (
          <BoardChannels board={selected} equipment={wall.equipment} />
        ) : (
          <div style={{ padding: 24, color: WALL.textDim, fontSize: 17, textAlign: 'center' }}>{wall.boards.length ? t('board.pick') : t('board.none')}</div>
        )}
      </WallPanel>
      <WallPanel testId="panel-cameras" title={t('panels.cameras')} style={{ left: 1920 - GAP - SIDE, top: TOP + BOARD_HEIGHT + GAP, width: SIDE, height: BODY_HEIGHT - BOARD_HEIGHT - GAP }}>
        <CameraGrid cameras={wall.cameras} />
      </WallPanel>
    </>
  );
}
