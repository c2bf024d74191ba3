import { useTranslation } from 'react-i18next';
import { systemTitle } from '../../lib/runtime-config';
import { StaleBadge } from '../../components/wall/stale-badge';
import { ReconnectingBadge } from '../../components/wall/reconnecting-badge';
import { WallCanvas } from '../../components/wall/wall-canvas';
import { WallTitleBar } from '../../components/wall/wall-title-bar';
import { useScene } from './api/get-scene';
import { SCENE_ALARM_BOX, SceneRenderer } from './scene-renderer';
import { localName } from '@shared/local-name';
import { sessionKind } from '../../lib/session';
import { AlarmStrip } from '../wall/alarms/alarm-strip';

export { useWallScene } from './use-wall-scene';

/** A whole wall drawn from one scene: title bar (system title, stale badge, clock) and the scene's cards. */
export function SceneWall({ sceneId }: { sceneId: number }) {
  const { t, i18n } = useTranslation('wallProject');
  const scene = useScene(sceneId, true);
  return (
    <WallCanvas label={scene.data ? localName(scene.data.name, scene.data.nameEn, i18n.language) : undefined}>
      <WallTitleBar title={systemTitle(i18n.language) || (scene.data ? localName(scene.data.name, scene.data.nameEn, i18n.language) : '')} left={
          <>
            <StaleBadge label={(n) => t('stale', { n })} />
            <ReconnectingBadge label={(time) => t('reconnectingAsOf', { time })} />
          </>
        }
      />
      <SceneRenderer sceneId={sceneId} />
      {/* A scene's wall shows every project's alarms, as the overview does. */}
      <AlarmStrip key={sceneId} wallKey={`scene:${sceneId}`} kiosk={sessionKind() === 'display'} box={SCENE_ALARM_BOX} />
    </WallCanvas>
  );
}
