import { SERIES, WALL } from './theme';

/** Where a chart is drawn: the dark wall, or the back-office in its light or dark scheme. */
export type ChartTone = 'wall' | 'light' | 'dark';

interface Tone {
  text: string;
  dim: string;
  grid: string;
  tooltipBg: string;
  tooltipBorder: string;
  font: number;
}

const TONES: Record<ChartTone, Tone> = {
  wall: { text: WALL.text, dim: WALL.textDim, grid: WALL.grid, tooltipBg: 'rgba(4, 20, 44, 0.92)', tooltipBorder: WALL.accent, font: 14 },
  dark: { text: '#c9d1d9', dim: '#8b949e', grid: 'rgba(255,255,255,0.08)', tooltipBg: 'rgba(30, 34, 40, 0.95)', tooltipBorder: '#444c56', font: 12 },
  light: { text: '#343a40', dim: '#6c757d', grid: 'rgba(0,0,0,0.08)', tooltipBg: 'rgba(255,255,255,0.97)', tooltipBorder: '#dee2e6', font: 12 },
};

export const toneOf = (tone: ChartTone) => TONES[tone];

/** The common frame of every chart: palette, fonts, tooltip, legend, no background. */
export function baseOption(tone: ChartTone) {
  const t = TONES[tone];
  return {
    color: SERIES,
    backgroundColor: 'transparent',
    textStyle: { color: t.text, fontFamily: WALL.font, fontSize: t.font },
    animationDuration: 900,
    tooltip: {
      backgroundColor: t.tooltipBg,
      borderColor: t.tooltipBorder,
      textStyle: { color: t.text, fontSize: t.font },
      confine: true,
    },
    legend: { textStyle: { color: t.dim, fontSize: t.font }, itemWidth: 14, itemHeight: 8, icon: 'roundRect' },
  };
}

export function axisStyle(tone: ChartTone) {
  const t = TONES[tone];
  return {
    axisLine: { lineStyle: { color: t.grid } },
    axisTick: { show: false },
    axisLabel: { color: t.dim, fontSize: t.font - 1 },
    splitLine: { lineStyle: { color: t.grid, type: 'dashed' as const } },
    nameTextStyle: { color: t.dim, fontSize: t.font - 1 },
  };
}
