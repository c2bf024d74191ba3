import { init, use as register } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import type { EChartsOption } from '@client/lib/echarts';

// The charts and components the screens use are registered by lib/echarts (imported for that); the
// server draws them as SVG, which the browser's canvas renderer never needs.
import '@client/lib/echarts';
register([SVGRenderer]);

/**
 * ECharts writes a font family into a double-quoted style attribute as it is given, double quotes
 * and all ("Noto Sans CJK SC", …): the attribute ended there, and the text lost its font and weight.
 */
export function quoteFontFamilies(svg: string): string {
  return svg.replace(/font-family:([^;>]*);/g, (_, family: string) => `font-family:${family.replace(/"/g, "'")};`);
}

const drawn = new Map<string, string>();
const KEEP = 64;

/**
 * An ECharts option drawn as SVG markup, as the wall's canvas chart draws it when it has finished
 * animating. Drawing is most of a frame's time and walls reload with the same figures (they change
 * with orders, not by the second): the last drawings are kept by option and size. (An option's
 * functions, its formatters, are built from the same figures its data holds.)
 */
export function chartSvg(option: EChartsOption, width: number, height: number): string {
  const key = `${width}x${height}:${JSON.stringify(option)}`;
  const kept = drawn.get(key);
  if (kept !== undefined) {
    drawn.delete(key);
    drawn.set(key, kept);
    return kept;
  }
  const chart = init(null, undefined, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption({ ...option, animation: false });
    const svg = quoteFontFamilies(chart.renderToSVGString());
    drawn.set(key, svg);
    if (drawn.size > KEEP) drawn.delete(drawn.keys().next().value as string);
    return svg;
  } finally {
    chart.dispose();
  }
}

/** Draws one of each kind of chart the walls use, kept out of the drawings kept. */
export function warmUpCharts(): void {
  const options: EChartsOption[] = [
    { legend: {}, xAxis: { type: 'category', data: ['a', 'b'] }, yAxis: [{ type: 'value' }, { type: 'value' }], series: [{ type: 'bar', data: [1, 2] }, { type: 'line', yAxisIndex: 1, data: [2, 1] }] },
    { legend: {}, series: [{ type: 'pie', radius: ['40%', '60%'], data: [{ name: 'a', value: 1 }, { name: 'b', value: 2 }] }] },
  ];
  for (const option of options) {
    const chart = init(null, undefined, { renderer: 'svg', ssr: true, width: 400, height: 240 });
    chart.setOption({ ...option, animation: false });
    chart.renderToSVGString();
    chart.dispose();
  }
}
