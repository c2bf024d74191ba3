import type { CSSProperties } from 'react';

/**
 * The server frame's drawing of a panel's chart or map (useFrameHandover), laid over the panel's body
 * where the live one will draw, `inset` being the body's padding.
 */
export function FrameDrawing({ html, inset, style }: { html: string; inset: number; style?: CSSProperties }) {
  return <div aria-hidden style={{ position: 'absolute', inset, ...style }} dangerouslySetInnerHTML={{ __html: html }} />;
}
