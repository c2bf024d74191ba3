import { describe, expect, it } from 'vitest';
import { chartSvg } from './chart-svg';

describe('charts drawn as SVG for the first frame', () => {
  it('keeps a quoted font family and the weight after it inside the style attribute', () => {
    const svg = chartSvg(
      { series: [{ type: 'pie', radius: ['50%', '70%'], label: { position: 'center', formatter: '68', fontWeight: 'bold', fontFamily: '"Noto Sans CJK SC", sans-serif' }, data: [{ name: 'a', value: 1 }] }] },
      300,
      200,
    );
    const text = new DOMParser().parseFromString(svg, 'image/svg+xml').querySelector('text')!;
    expect(text.textContent).toBe('68');
    expect(text.getAttribute('style')).toContain("font-family:'Noto Sans CJK SC', sans-serif;font-weight:bold;");
  });

  it('gives the same drawing for the same option and size, another for another size', () => {
    const option = { xAxis: { type: 'category' as const, data: ['a'] }, yAxis: { type: 'value' as const }, series: [{ type: 'bar' as const, data: [3] }] };
    expect(chartSvg(option, 200, 100)).toBe(chartSvg({ ...option }, 200, 100));
    expect(chartSvg(option, 200, 100)).not.toBe(chartSvg(option, 201, 100));
  });
});
