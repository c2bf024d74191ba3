import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { runtimeConfig } from '../../lib/runtime-config';
import { useSession } from '../../lib/session';
import { StaleBadge } from '../../components/wall/stale-badge';
import { WallCanvas } from '../../components/wall/wall-canvas';
import { WallTitleBar } from '../../components/wall/wall-title-bar';
import { useWallSession } from '../wall/project/api/get-wall-session';
import { useKiosk } from '../wall/project/kiosk';
import { useScene } from './api/get-scene';
import { SceneRenderer } from './scene-renderer';

/**
 * Which scene a wall shows: the one in the URL (?scene=ID), else the one its kiosk display token was
 * issued for; null for the wall's own layout. `ready` waits until a kiosk token is stored.
 */
export function useWallScene(): { ready: boolean; sceneId: number | null } {
  const { ready } = useKiosk();
  const { search } = useLocation();
  const { token } = useSession();
  const named = Number(new URLSearchParams(search).get('scene')) || null;
  const session = useWallSession(ready && !named ? token : null);
  const fromToken = session.data?.kind === 'display' ? session.data.sceneId : null;
  return { ready: ready && (named !== null || !token || !session.isPending), sceneId: named ?? fromToken };
}

/** A whole wall drawn from one scene: title bar (system title, stale badge, clock) and the scene's cards. */
export function SceneWall({ sceneId }: { sceneId: number }) {
  const { t } = useTranslation('wallProject');
  const scene = useScene(sceneId, true);
  return (
    <WallCanvas label={scene.data?.name}>
      <WallTitleBar title={runtimeConfig().title || scene.data?.name || ''} left={<StaleBadge label={(n) => t('stale', { n })} />} />
      <SceneRenderer sceneId={sceneId} />
    </WallCanvas>
  );
}
