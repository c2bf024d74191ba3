import { describe, expect, it } from 'vitest';
import { useTranslation } from 'react-i18next';
import i18n, { namespacesOf, type LocalePart } from '../lib/i18n';
import cn from './cn';
import en from './en';
import cnCore from './cn/part-core';
import cnWall from './cn/part-wall';
import cnWork from './cn/part-work';
import cnAdmin from './cn/part-admin';
import cnProjects from './cn/part-projects';
import enCore from './en/part-core';
import enWall from './en/part-wall';
import enWork from './en/part-work';
import enAdmin from './en/part-admin';
import enProjects from './en/part-projects';

/** Every leaf of a locale as `namespace.path.to.key` → text. */
function leaves(node: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof node === 'string') out.set(prefix, node);
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) for (const [path, text] of leaves(v, prefix ? `${prefix}.${k}` : k)) out.set(path, text);
  }
  return out;
}

/** The `{{name}}` placeholders of a text, sorted. */
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

describe('locales', () => {
  const cnLeaves = leaves(cn);
  const enLeaves = leaves(en);

  it('English and Chinese have the same keys', () => {
    const onlyCn = [...cnLeaves.keys()].filter((k) => !enLeaves.has(k));
    const onlyEn = [...enLeaves.keys()].filter((k) => !cnLeaves.has(k));
    expect({ onlyCn, onlyEn }).toEqual({ onlyCn: [], onlyEn: [] });
    expect(cnLeaves.size).toBeGreaterThan(500);
  });

  it('each text has the same placeholders in both languages', () => {
    const differ = [...cnLeaves].filter(([k, text]) => enLeaves.has(k) && placeholders(text).join() !== placeholders(enLeaves.get(k)!).join()).map(([k]) => k);
    expect(differ).toEqual([]);
  });

  it('the parts the app loads by route hold every namespace once, in both languages, each the namespaces lib/i18n says', () => {
    for (const [all, parts] of [
      [cn, { core: cnCore, wall: cnWall, work: cnWork, admin: cnAdmin, projects: cnProjects }],
      [en, { core: enCore, wall: enWall, work: enWork, admin: enAdmin, projects: enProjects }],
    ] as const) {
      const loaded = Object.values(parts).flatMap((p) => Object.keys(p));
      expect([...loaded].sort()).toEqual(Object.keys(all).sort());
      for (const [part, texts] of Object.entries(parts)) expect(Object.keys(texts).sort()).toEqual([...namespacesOf(part as LocalePart)].sort());
    }
  });

  it('typed keys: a misspelled key or namespace fails the typecheck (npm run typecheck)', () => {
    const t = i18n.getFixedT('en', 'sysadmin');
    expect(t('online.title')).toBe(en.sysadmin.online.title);
    // Each line below is an error only while keys are typed (locales/i18next.d.ts): were the typing
    // lost, the directive would be unused, and an unused @ts-expect-error fails the typecheck.
    // @ts-expect-error: 'titel' is not a key of sysadmin.online
    expect(t('online.titel')).toBe('online.titel');
    // @ts-expect-error: 'sysadmn' is not a namespace
    const useMisspelt = () => useTranslation('sysadmn');
    expect(typeof useMisspelt).toBe('function');
    const tWall = i18n.getFixedT('cn', 'wall');
    // @ts-expect-error: keys of another namespace need its prefix and that namespace in the list
    expect(tWall('online.title')).toBe('online.title');
  });
});
