import type { TagColor } from '@shared/dictionaries';
import { DEVICE_STATE, XMZT } from '@shared/dictionaries';

/**
 * The one palette of every wall: deep navy background, cyan accents, and status colours whose
 * meaning is the same on every panel (green normal, red broken or fault, amber in repair, grey offline).
 */
export const WALL = {
  background: '#030b1a',
  backgroundGlow: 'radial-gradient(ellipse at 50% 40%, #0b2547 0%, #051126 55%, #030b1a 100%)',
  panel: 'rgba(8, 26, 54, 0.72)',
  panelHeader: 'linear-gradient(90deg, rgba(0, 178, 255, 0.28) 0%, rgba(0, 178, 255, 0.04) 70%, transparent 100%)',
  border: 'rgba(64, 170, 255, 0.28)',
  corner: '#3cd3ff',
  accent: '#3cd3ff',
  accentSoft: 'rgba(60, 211, 255, 0.16)',
  text: '#e6f4ff',
  textDim: '#8fb3d9',
  textFaint: '#5d7ea3',
  grid: 'rgba(120, 170, 230, 0.14)',
  land: '#0e2a4d',
  landBorder: '#2a5f96',
  sea: '#041327',
  font: '"Noto Sans CJK SC", "Microsoft YaHei", "PingFang SC", "Source Han Sans SC", sans-serif',
  numberFont: '"DIN Alternate", "Bahnschrift", "Roboto Condensed", "Noto Sans CJK SC", sans-serif',
} as const;

/** Tag colours of src/shared/dictionaries as they read on a dark wall. */
export const TAG_HEX: Record<TagColor, string> = {
  primary: '#3c9dff',
  success: '#2fd67b',
  warning: '#ffb52e',
  danger: '#ff4d5e',
  info: '#3cd3ff',
  default: '#8a9bb4',
  accent: '#b08cff',
};

/**
 * A unit or channel at risk (the predictive detector's open finding, docs/predictive.md): an amber
 * ring or outline around its state, never a fill, so it reads apart from broken red and in-repair amber.
 */
export const AT_RISK_HEX = '#ff9f1c';

/** Series colours for categories that carry no status meaning (areas, water types, device categories). */
export const SERIES = ['#3cd3ff', '#3c9dff', '#7b7bff', '#2fe0c0', '#ffd166', '#ff8fab', '#9ad04d', '#c28cff', '#5ab0ff', '#ffa45c'];

const tagOf = (items: { value: string; color?: TagColor }[], value: string): string => TAG_HEX[items.find((i) => i.value === value)?.color ?? 'default'];

export const deviceStateColor = (state: string) => tagOf(DEVICE_STATE, state);
export const projectStatusColor = (status: string) => tagOf(XMZT, status);
export const LEVEL_COLOR: Record<string, string> = { info: TAG_HEX.info, warning: TAG_HEX.warning, critical: TAG_HEX.danger };

/** Kiosk cursor hides after this long without movement. */
export const CURSOR_IDLE_MS = 3000;
/** Numbers count up over this long when they first show or change. */
export const COUNT_UP_MS = 1200;
/** Scrolling lists move this many design pixels per second. */
export const SCROLL_SPEED_PX = 22;
/** A panel title bar's height in design pixels. */
export const PANEL_TITLE_HEIGHT = 40;
/** The stale badge appears once data is this old and cannot refresh. */
export const STALE_AFTER_MS = 60_000;
