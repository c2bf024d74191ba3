const TITLE_FONT_PX = 36;
const TITLE_SPACING_PX = 6;
/** Below this the title is cut with an ellipsis rather than shrunk further: it must read from afar. */
const TITLE_MIN_FONT_PX = 24;
/** Inside the plate, clear of its slanted sides. */
export const TITLE_ROOM_PX = 640;

export const TITLE_TYPE = { fontSize: TITLE_FONT_PX, letterSpacing: TITLE_SPACING_PX };

/**
 * Shrinks the wall title's type until it fits the plate: a system title is configured, and the
 * English form of one is often twice as long as the Chinese ("Cascade Water-Feature Operations" ran
 * out of the plate on both ends). The title bar and the server's first frame both fit it so.
 */
export function fitTitle(el: HTMLElement): void {
  el.style.fontSize = `${TITLE_FONT_PX}px`;
  el.style.letterSpacing = `${TITLE_SPACING_PX}px`;
  const width = el.scrollWidth;
  if (!width || width <= TITLE_ROOM_PX) return;
  const scale = Math.max(TITLE_MIN_FONT_PX / TITLE_FONT_PX, TITLE_ROOM_PX / width);
  el.style.fontSize = `${Math.floor(TITLE_FONT_PX * scale)}px`;
  el.style.letterSpacing = `${(TITLE_SPACING_PX * scale).toFixed(1)}px`;
}
