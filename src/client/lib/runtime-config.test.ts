import { afterEach, describe, expect, it } from 'vitest';
import { systemTitle } from './runtime-config';

describe('systemTitle', () => {
  afterEach(() => {
    delete window.__APP_CONFIG__;
  });

  it('shows the English title to English readers and the system title to everyone else', () => {
    window.__APP_CONFIG__ = { title: '西湖水景', titleEn: 'West Lake Fountains' };
    expect(systemTitle('cn')).toBe('西湖水景');
    expect(systemTitle('en')).toBe('West Lake Fountains');
  });

  it('falls back to the system title when no English title is set', () => {
    window.__APP_CONFIG__ = { title: '西湖水景', titleEn: '' };
    expect(systemTitle('en')).toBe('西湖水景');
  });
});
