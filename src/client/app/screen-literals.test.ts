import { describe, expect, it } from 'vitest';
import { RESOURCE_LIST } from '@shared/resources';

/**
 * Screens take their API paths from the registry (lib/resources.ts apiPath, ListPage's `resource`),
 * never by hand (issue 29): this counts the string literals naming a registry resource's path in every
 * screen file and in everything it imports within features/ and the list components, and fails on one.
 */
const SOURCES = import.meta.glob<string>(['../features/**/*.{ts,tsx}', '../components/list-page/*.{ts,tsx}', '../components/read-only-list/*.{ts,tsx}', '!**/*.test.*'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const API_PATHS = RESOURCE_LIST.flatMap((r) => (r.api ? [r.api] : []));

/** Comments name example paths; only code counts. */
const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');

/** The literals (quoted or template) that start with a registry resource's API path. */
function pathLiterals(source: string): string[] {
  const literals = [...withoutComments(source).matchAll(/(['"`])(\/[^'"`\s]*)\1/g)].map((m) => m[2]);
  return literals.filter((text) => API_PATHS.some((api) => text === api || text.startsWith(`${api}/`) || text.startsWith(`${api}\${`)));
}

const normalise = (parts: string[]) =>
  parts.reduce<string[]>((out, part) => (part === '..' ? out.slice(0, -1) : part === '.' ? out : [...out, part]), []).join('/');

/** The file an import names, among the sources (relative, or through the @client alias); keys are '../<path under src/client>'. */
function resolve(from: string, spec: string): string | undefined {
  const dir = from.replace(/^\.\.\//, '').split('/').slice(0, -1);
  const path = spec.startsWith('@client/') ? spec.slice('@client/'.length) : spec.startsWith('.') ? normalise([...dir, ...spec.split('/')]) : null;
  if (path === null) return undefined;
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((end) => `../${path}${end}`).find((candidate) => Object.hasOwn(SOURCES, candidate));
}

/** Every screen file and what it imports, transitively, within the scanned folders. */
function screensAndTheirModules(): string[] {
  const seen = new Set(Object.keys(SOURCES).filter((file) => file.endsWith('.screen.tsx')));
  const queue = [...seen];
  while (queue.length) {
    const file = queue.pop()!;
    for (const m of SOURCES[file].matchAll(/(?:from\s+|import\()\s*'([^']+)'/g)) {
      const target = resolve(file, m[1]);
      if (target && !seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return [...seen].sort();
}

describe('API paths in screens', () => {
  it('finds a hand-written path, quoted or in a template, and not one in a comment', () => {
    expect(pathLiterals("api.post('/ball/fallorder/list', {})")).toEqual(['/ball/fallorder/list']);
    expect(pathLiterals('api.get(`/ball/fallmonitor/live/${id}`)')).toEqual(['/ball/fallmonitor/live/${id}']);
    expect(pathLiterals('<ListPage base="/sys/log" />')).toEqual(['/sys/log']);
    expect(pathLiterals("// e.g. '/ball/fallorder'\n/** '/sys/user' */ apiPath('order')")).toEqual([]);
    expect(pathLiterals("'/wall/session'")).toEqual([]);
  });

  it('reads every screen and the list components and modules it renders', () => {
    const files = screensAndTheirModules();
    expect(files.filter((f) => f.endsWith('.screen.tsx')).length).toBeGreaterThanOrEqual(30);
    expect(files).toContain('../components/list-page/list-page.tsx');
    expect(files).toContain('../features/operations/detect/warnings-list.tsx');
  });

  it('counts 0 hand-written API path literals in them', () => {
    const found = screensAndTheirModules().flatMap((file) => pathLiterals(SOURCES[file]).map((literal) => `${file}: ${literal}`));
    expect(found).toEqual([]);
  });
});
