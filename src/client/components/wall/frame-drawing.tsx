import { useCallback, useMemo, useRef, type CSSProperties, type PointerEvent } from 'react';

/** The events by which a viewer reaches for a chart or a map shown as the server's drawing of it. */
export interface ReachHandlers {
  onPointerMove: (event: PointerEvent) => void;
  onPointerLeave: () => void;
  onPointerDown: () => void;
  onTouchStart: () => void;
  onFocus: () => void;
}

/**
 * Calls `reach` once the viewer reaches for what the handlers are on: a mouse that moves over it (not
 * one that was there already: a page comes up under the pointer that opened it, and Chromium tells
 * what is drawn under a resting pointer that the pointer entered, and moved, where it stands), a
 * touch, a press or keyboard focus.
 */
export function useReach(reach: () => void): ReachHandlers {
  const rest = useRef<{ x: number; y: number } | null>(null);
  const onPointerMove = useCallback(
    (event: PointerEvent) => {
      const at = { x: event.clientX, y: event.clientY };
      if (event.pointerType !== 'mouse' || (rest.current && (rest.current.x !== at.x || rest.current.y !== at.y))) reach();
      else rest.current = at;
    },
    [reach],
  );
  return useMemo(() => ({ onPointerMove, onPointerLeave: () => (rest.current = null), onPointerDown: reach, onTouchStart: reach, onFocus: reach }), [onPointerMove, reach]);
}

const nothing = () => undefined;

/**
 * The server frame's drawing of a panel's chart or map (useFrameHandover), laid over the panel's body
 * where the live one will draw, `inset` being the body's padding; `onReach` is called when the viewer
 * reaches for it (useReach).
 */
export function FrameDrawing({ html, inset, style, onReach }: { html: string; inset: number; style?: CSSProperties; onReach?: () => void }) {
  const reach = useReach(onReach ?? nothing);
  return <div aria-hidden style={{ position: 'absolute', inset, ...style }} {...(onReach ? reach : {})} dangerouslySetInnerHTML={{ __html: html }} />;
}
