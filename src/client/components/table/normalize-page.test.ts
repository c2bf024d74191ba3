import { describe, expect, it } from 'vitest';
import { normalizePage } from './normalize-page';

describe('normalizePage (spec §3 paged list response)', () => {
  it('reads a page object with total', () => {
    expect(normalizePage({ page: { list: [{ id: 1 }], total: 7 } })).toEqual({ list: [{ id: 1 }], total: 7 });
  });
  it('reads a page object with totalCount', () => {
    expect(normalizePage({ page: { list: [{ id: 1 }], totalCount: 12 } })).toEqual({ list: [{ id: 1 }], total: 12 });
  });
  it('reads a flat object with total, even when it also carries a numeric page', () => {
    expect(normalizePage({ list: [{ id: 2 }], total: 3, page: 2 } as never)).toEqual({ list: [{ id: 2 }], total: 3 });
  });
  it('reads a flat object with totalCount given as text', () => {
    expect(normalizePage({ list: [], totalCount: '40' })).toEqual({ list: [], total: 40 });
  });
  it('defaults total to 0 and list to empty', () => {
    expect(normalizePage({ list: [{ id: 1 }] })).toEqual({ list: [{ id: 1 }], total: 0 });
    expect(normalizePage({ page: {} })).toEqual({ list: [], total: 0 });
    expect(normalizePage(null)).toEqual({ list: [], total: 0 });
  });
});
