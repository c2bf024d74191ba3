import { useTranslation } from 'react-i18next';
import { DESIGN_HEIGHT, DESIGN_WIDTH } from '@shared/constants';
import type { Card, SceneItem, SceneView } from '@shared/contracts/scene';
import { SCENE_COLUMNS, SCENE_ROWS } from '@shared/scene-grid';
import type { PanelBox } from '../../components/wall/panel';
import { WALL } from '../../components/wall/theme';
import { TITLE_BAR_HEIGHT } from '../../components/wall/wall-title-bar';
import { useDefaultScene } from './api/get-default-scene';
import { useScene } from './api/get-scene';
import { CARD_COMPONENTS } from './scene-cards';
import { ALARM_STRIP_HEIGHT } from '../wall/alarms/alarm-strip';

/** Margin around the grid and gap between cards on the design canvas (px). */
export const SCENE_MARGIN = 16;
export const SCENE_GAP = 16;
/** The alarm strip, under the title bar across the wall: the cards are laid out below it, never under it. */
export const SCENE_ALARM_BOX = { x: SCENE_MARGIN, y: TITLE_BAR_HEIGHT + SCENE_MARGIN, w: DESIGN_WIDTH - 2 * SCENE_MARGIN, h: ALARM_STRIP_HEIGHT };
/** The grid area: everything under the title bar and the alarm strip. */
export const SCENE_AREA = {
  x: SCENE_MARGIN,
  y: SCENE_ALARM_BOX.y + SCENE_ALARM_BOX.h + SCENE_GAP,
  w: DESIGN_WIDTH - 2 * SCENE_MARGIN,
  h: DESIGN_HEIGHT - (SCENE_ALARM_BOX.y + SCENE_ALARM_BOX.h + SCENE_GAP) - SCENE_MARGIN,
};

/** Design-canvas box of a layout item: 24 columns across, SCENE_ROWS rows down the grid area. */
export function boxOf(item: Pick<SceneItem, 'x' | 'y' | 'w' | 'h'>, area = SCENE_AREA, gap = SCENE_GAP): PanelBox {
  const cw = (area.w + gap) / SCENE_COLUMNS;
  const rh = (area.h + gap) / SCENE_ROWS;
  return { x: area.x + item.x * cw, y: area.y + item.y * rh, w: item.w * cw - gap, h: item.h * rh - gap };
}

export function cardTitle(card: Card, language: string): string {
  const c = card.config as { title?: string; titleEn?: string };
  return (language === 'en' ? c.titleEn : c.title) || c.title || c.titleEn || card.name;
}

/** Draws a scene's cards on the wall canvas (inside a WallCanvas, under its title bar). */
export function SceneCards({ scene }: { scene: SceneView }) {
  const { i18n } = useTranslation();
  const cards = new Map(scene.cards.map((c) => [c.id, c]));
  return (
    <div data-scene={scene.id}>
      {scene.layout.map((item) => {
        const card = cards.get(item.cardId);
        if (!card) return null;
        const Component = CARD_COMPONENTS[card.type];
        return <Component key={item.i} card={card} box={boxOf(item)} title={cardTitle(card, i18n.language)} />;
      })}
    </div>
  );
}

/**
 * A wall's scene: the one named (?scene=ID) or the default scene (the project's own, else the
 * global one). Renders nothing but a message when there is no scene.
 */
export function SceneRenderer({ sceneId, projectId }: { sceneId?: number | null; projectId?: number }) {
  const { t } = useTranslation('scenes');
  const named = useScene(sceneId ?? 0, true);
  const fallback = useDefaultScene(projectId, !sceneId);
  const query = sceneId ? named : fallback;
  if (query.data) return <SceneCards scene={query.data} />;
  const message = query.isError ? t('renderer.loadFailed') : query.isSuccess ? t('renderer.noScene') : null;
  return message ? (
    <div style={{ position: 'absolute', left: 0, right: 0, top: SCENE_AREA.y, bottom: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: 28, color: WALL.textDim }}>{message}</div>
  ) : null;
}
