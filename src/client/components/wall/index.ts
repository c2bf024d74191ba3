/** The wall kit: the scaled 1920×1080 canvas and the pieces every wall is built from. */
export { WallCanvas, type WallCanvasProps } from './wall-canvas';
export { useWall, WallContext, type WallContextValue } from './wall-context';
export { Panel, type PanelBox, type PanelProps } from './panel';
export { NumberCounter, type NumberCounterProps } from './number-counter';
export { Clock, type ClockProps } from './clock';
export { ScrollBox, ScrollList, type ScrollBoxProps, type ScrollListProps } from './scroll-list';
export { WallChart, type WallChartProps, type ChartPoint } from './wall-chart';
// WallMap is imported from './wall-map' directly so screens without a map do not pull in Leaflet.
export { StaleBadge, oldestUnrefreshable, type StaleBadgeProps } from './stale-badge';
export { WallTitleBar, TITLE_BAR_HEIGHT, type WallTitleBarProps } from './wall-title-bar';
export { canvasScale, parseFit, renderPixelRatio, FIT_MODES, type FitMode, type CanvasScale } from './scale';
export * from './theme';
export * from './theme-charts';
