import { describe, expect, it } from 'vitest';
import { legendLines, statusOption } from './chart-options';

describe('status legend names', () => {
  it('wraps a long name at its spaces instead of cutting it ("Company Headq…")', () => {
    expect(legendLines('Company Headquarters', 14)).toEqual(['Company', 'Headquarters']);
    expect(legendLines('Build', 14)).toEqual(['Build']);
  });

  it('breaks CJK text and over-long words between characters, counting a CJK character as two', () => {
    expect(legendLines('公司总部展示项目很长的名字', 14)).toEqual(['公司总部展示项', '目很长的名字']);
    expect(legendLines('Supercalifragilistic', 14)).toEqual(['Supercalifragi', 'listic']);
  });

  it('writes every status name whole in the wall legend, the count on its last line', () => {
    const option = statusOption(
      { total: 3, byStatus: [{ status: 'G', count: 1 }, { status: '1', count: 2 }] } as never,
      { locale: 'en', tone: 'wall', t: ((k: string) => k) as never },
    );
    const legend = option.legend as { formatter: (name: string) => string };
    const text = legend.formatter('Company Headquarters');
    expect(text).toBe('{n|Company}\n{n|Headquarters}{v|1}');
    expect(text).not.toContain('…');
  });
});
