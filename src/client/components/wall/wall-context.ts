import { createContext, useContext } from 'react';
import type { CanvasScale } from './scale';

export interface WallContextValue extends CanvasScale {
  /** ?kiosk=1: no chrome, the cursor hides when idle. */
  kiosk: boolean;
}

/** Outside a WallCanvas (the /main dashboard) everything renders at scale 1. */
export const WallContext = createContext<WallContextValue>({ scaleX: 1, scaleY: 1, left: 0, top: 0, kiosk: false });

export const useWall = () => useContext(WallContext);
