import { describe, expect, it } from 'vitest';
import { RESOURCES, type ResourceKey } from '@shared/resources';
import { SCREEN_FILES, screenKeyOf } from './screens';
import { localePartsFor, namespacesOf } from '../lib/i18n';
import cn from '../locales/cn';

/**
 * lib/i18n.ts loads each language's texts in parts, by route (localePartsFor): a screen whose code
 * reaches a namespace its route does not load would show keys instead of texts. This follows every
 * route's screen through its imports (static and dynamic: its forms and dialogs too) and checks that
 * each namespace it names is in a part its route loads.
 */
const SOURCES = import.meta.glob<string>(['/src/client/**/*.{ts,tsx}', '!/src/client/**/*.test.{ts,tsx}', '!/src/client/locales/**', '!/src/client/lib/i18n.ts'], { query: '?raw', import: 'default', eager: true });
const FILES = new Map(Object.entries(SOURCES).map(([key, text]) => [key.slice(1), text]));
const NAMESPACES = new Set(Object.keys(cn));

function resolve(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@client/')) base = `src/client/${spec.slice('@client/'.length)}`;
  else if (spec.startsWith('.')) {
    const parts = from.split('/').slice(0, -1);
    for (const segment of spec.split('/')) {
      if (segment === '..') parts.pop();
      else if (segment !== '.') parts.push(segment);
    }
    base = parts.join('/');
  } else return null;
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((file) => FILES.has(file)) ?? null;
}

const IMPORTS = /(?:^|\n)\s*(?:import|export)(?!\s+type\s)[^'";]*?from\s*'([^']+)'|import\(\s*'([^']+)'\s*\)/g;
const USES = /useTranslation\(\s*(\[[^\]]*\]|'[^']*')|getFixedT\(([^)]*)\)|TFunction<'([^']+)'>|ns: '([^']+)'|['`]([a-zA-Z]+):[a-zA-Z]/g;

/** The namespaces a file and everything it imports name (the default namespace, common, included). */
function namespacesReached(entries: string[]): Set<string> {
  const found = new Set<string>(['common']);
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = FILES.get(file);
    if (text === undefined) throw new Error(`not found: ${file}`);
    for (const m of text.matchAll(USES)) for (const name of (m.slice(1).find(Boolean) ?? '').match(/[a-zA-Z]+/g) ?? []) if (NAMESPACES.has(name)) found.add(name);
    for (const m of text.matchAll(IMPORTS)) {
      const next = resolve(file, m[1] ?? m[2]);
      if (next) queue.push(next);
    }
  }
  return found;
}

const MENU_ROUTES = SCREEN_FILES.map((file) => {
  const key = screenKeyOf(file) as ResourceKey;
  const menu = RESOURCES[key]?.menu;
  return menu ? { path: `/main/${menu.url}`, files: [file.replace(/^\.\.\//, 'src/client/')] } : null;
}).filter((r) => r !== null);

const SHELL = 'src/client/app/mantine-shell.tsx';
const MAIN = ['src/client/app/main-layout.tsx', SHELL];
const ROUTES = [
  ...MENU_ROUTES.map((r) => ({ ...r, files: [...r.files, ...MAIN] })),
  { path: '/main', files: ['src/client/features/dashboard/dashboard-page.tsx', ...MAIN] },
  { path: '/main/account', files: ['src/client/features/account/account-page.tsx', ...MAIN] },
  { path: '/', files: ['src/client/app/portal-page.tsx', SHELL] },
  { path: '/login', files: ['src/client/features/auth/login-page.tsx', SHELL] },
  { path: '/login2/1', files: ['src/client/features/auth/login2-page.tsx', SHELL] },
  { path: '/print/stats', files: ['src/client/features/operations/statistics/statistics-print.tsx', SHELL] },
  { path: '/page', files: ['src/client/features/wall/overview-wall.tsx'] },
  { path: '/page/project/1', files: ['src/client/features/wall/project-wall.tsx'] },
  { path: '/page/detail', files: ['src/client/features/wall/detail-wall.tsx'] },
];

describe('the texts each route loads', () => {
  it('cover every namespace its screen reaches', () => {
    expect(MENU_ROUTES.length).toBeGreaterThan(30);
    const missing = ROUTES.flatMap(({ path, files }) => {
      const loaded = new Set(localePartsFor(path).flatMap(namespacesOf));
      return [...namespacesReached(files)].filter((ns) => !loaded.has(ns)).map((ns) => `${path}: ${ns}`);
    });
    expect(missing).toEqual([]);
    // The follower finds what it should: the orders reach the operations' texts through their
    // screen, the users the administration's through their form, the overview wall the walls'.
    const reached = (path: string) => [...namespacesReached(ROUTES.find((r) => r.path === path)!.files)];
    expect(reached('/main/fall/order')).toEqual(expect.arrayContaining(['work', 'kit', 'layout', 'account']));
    expect(reached('/main/sys/user')).toEqual(expect.arrayContaining(['identity', 'kit']));
    expect(reached('/main/fall/eqInfo')).toContain('projects');
    expect(reached('/page')).toContain('wall');
  });

  it('leave out of a list screen the texts of the walls and of the other areas', () => {
    expect(localePartsFor('/main/fall/order').flatMap(namespacesOf).sort()).toEqual(['account', 'app', 'assign', 'auth', 'common', 'kit', 'layout', 'messages', 'plans', 'stock', 'work']);
  });
});
