import { use as register } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

/** The SVG renderer: printed reports draw their charts as vectors (sharp in a PDF, never a blank canvas). */
export function registerSvgRenderer(): void {
  register([SVGRenderer]);
}
