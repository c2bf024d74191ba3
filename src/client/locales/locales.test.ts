import { describe, expect, it } from 'vitest';
import { useTranslation } from 'react-i18next';
import i18n, { localePartsFor } from '../lib/i18n';
import cn from './cn';
import en from './en';
import cnCore from './cn/part-core';
import cnWall from './cn/part-wall';
import cnWork from './cn/part-work';
import enCore from './en/part-core';
import enWall from './en/part-wall';
import enWork from './en/part-work';

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

  it('the parts the app loads by route hold every namespace once, in both languages', () => {
    for (const [all, parts] of [
      [cn, [cnCore, cnWall, cnWork]],
      [en, [enCore, enWall, enWork]],
    ] as const) {
      const loaded = parts.flatMap((p) => Object.keys(p));
      expect([...loaded].sort()).toEqual(Object.keys(all).sort());
    }
  });

  it("loads the walls' texts only where a back-office screen draws in their words (lib/i18n WALL_TEXT_PATHS)", () => {
    expect(localePartsFor('/main/fall/order')).toEqual(['core', 'work']);
    expect(localePartsFor('/main/sys/user')).toEqual(['core', 'work']);
    for (const path of ['/main', '/main/fall/stats', '/main/ship/cards', '/main/ship/scene-list', '/print/stats']) expect(localePartsFor(path)).toContain('wall');
    // The screens that use the walls' namespaces live in these folders, whose routes are those above
    // and the walls' own (/page): a screen elsewhere would show keys, not texts.
    const sources = import.meta.glob<string>('../features/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true });
    const WALL_NAMESPACE = /useTranslation\(\[?'(wall|wallProject|scenes)'|TFunction<'(wall|wallProject|scenes)'|getFixedT\([^)]*'(wall|wallProject|scenes)'/;
    const users = Object.entries(sources).filter(([file, text]) => !file.includes('.test.') && WALL_NAMESPACE.test(text)).map(([file]) => file);
    expect(users.length).toBeGreaterThan(0);
    expect(users.filter((file) => !/^\.\.\/features\/(wall|scenes|dashboard|operations\/statistics)\//.test(file))).toEqual([]);
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
