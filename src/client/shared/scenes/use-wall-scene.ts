import { useLocation } from 'react-router-dom';
import { useSession } from '../../lib/session';
import { useWallSession } from '../wall/project/api/get-wall-session';
import { useKiosk } from '../wall/project/kiosk';

/**
 * Which scene a wall shows: the one in the URL (?scene=ID), else the one its kiosk display token was
 * issued for; null for the wall's own layout. `ready` waits until a kiosk token is stored.
 * Kept apart from the scene renderer, so a wall that shows its own layout never downloads the cards.
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
