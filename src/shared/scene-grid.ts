import { GRID_COLUMNS } from './constants';

/**
 * The scene grid, kept apart from the zod contracts so a wall can lay a scene out without downloading
 * zod (src/shared/contracts/scene.ts re-exports it for everyone else).
 */

/** The scene grid: the 24 columns of spec §9 across 1920 px, rows of equal height below the title bar. */
export const SCENE_COLUMNS = GRID_COLUMNS;
export const SCENE_ROWS = 20;
export const SCENE_MAX_ITEMS = 48;
