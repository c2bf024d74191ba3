import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, isCreditCode, isEmail, isIdCard, isPhone, isUrl, isValidGridColumns } from './validation';

describe('validation formats (spec §5)', () => {
  it('email: local part and domain of letters, digits, _ or -, suffix of 2–3 letters once or twice, under 255 long', () => {
    for (const good of ['ops@cascade.cn', 'a_b-c@water-works.com', 'x.y@mail.com.cn', 'user1@d.io']) expect(isEmail(good), good).toBe(true);
    for (const bad of ['', 'ops', 'ops@', '@cascade.cn', 'ops@cascade', 'ops@cascade.c', 'ops@cascade.info', 'ops@cascade.com.cn.hk', 'o ps@cascade.cn', 'ops@casc@ade.cn'])
      expect(isEmail(bad), bad).toBe(false);
    const local = 'a'.repeat(EMAIL_MAX_LENGTH - '@cascade.cn'.length);
    expect(`${local}@cascade.cn`).toHaveLength(255);
    expect(isEmail(`${local}@cascade.cn`)).toBe(false);
    expect(isEmail(`${local.slice(1)}@cascade.cn`)).toBe(true);
  });

  it('mobile phone: 11 digits starting with 1', () => {
    for (const good of ['13800138000', '19912345678', '10000000000']) expect(isPhone(good), good).toBe(true);
    for (const bad of ['', '23800138000', '1380013800', '138001380000', '1380013800a', '+8613800138000']) expect(isPhone(bad), bad).toBe(false);
  });

  it('URL: http:// (or https://), or the configured host', () => {
    expect(isUrl('http://cascade.example/a')).toBe(true);
    expect(isUrl('https://cascade.example')).toBe(true);
    expect(isUrl('/oss/file/1', '/oss')).toBe(true);
    for (const bad of ['ftp://x', 'cascade.example', 'http://', 'http:// spaced']) expect(isUrl(bad), bad).toBe(false);
    expect(isUrl('/oss/file/1')).toBe(false);
  });

  it('unified credit code: 15, 17, 18 or 20 upper-case letters or digits', () => {
    for (const n of [15, 17, 18, 20]) expect(isCreditCode('9'.repeat(n - 2) + 'AB'), String(n)).toBe(true);
    expect(isCreditCode('91350100M000100Y43')).toBe(true);
    for (const n of [14, 16, 19, 21]) expect(isCreditCode('9'.repeat(n)), String(n)).toBe(false);
    expect(isCreditCode('91350100m000100y43')).toBe(false);
    expect(isCreditCode('91350100-00100Y43')).toBe(false);
  });

  it('ID-card-like number: a first digit 1–9 followed by 15 or 18 digits', () => {
    expect(isIdCard('1' + '2'.repeat(15))).toBe(true);
    expect(isIdCard('9' + '0'.repeat(18))).toBe(true);
    for (const bad of ['0' + '1'.repeat(15), '1' + '2'.repeat(14), '1' + '2'.repeat(16), '1' + '2'.repeat(17), '1' + '2'.repeat(19), '1' + '2'.repeat(14) + 'X']) expect(isIdCard(bad), bad).toBe(false);
  });

  it('query form columns must divide 24', () => {
    expect([1, 2, 3, 4, 6, 8, 12, 24].every(isValidGridColumns)).toBe(true);
    for (const bad of [0, 5, 7, 9, 10, 16, 25, -4, 2.5]) expect(isValidGridColumns(bad), String(bad)).toBe(false);
  });
});
