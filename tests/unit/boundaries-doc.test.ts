import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The crossings the boundary lint lets through (`pending` of `local/boundaries` in eslint.config.js)
 * and the list of them in docs/boundaries.md "Pending crossings" are the same, and each one is real:
 * its `from` and `to` name files that exist, and the lint, without the entry, finds that import.
 * The same for the client's shared areas (`sharedAreas`, and the doc's "Shared areas" table): every
 * folder of src/client/shared is declared, no arrow is declared that no import uses, and no cycle.
 */
interface Pending {
  from: string;
  to: string;
}
type Rule = {
  globToRegExp: (glob: string) => RegExp;
  resolveImport: (from: string, spec: string, root: string) => string | null;
  sharedArea: (file: string) => string | null;
};
type Areas = Record<string, string[]>;
type FlatConfig = { rules?: Record<string, unknown> };

const root = process.cwd();
const load = async <T,>(file: string): Promise<T> => (await import(/* @vite-ignore */ pathToFileURL(path.join(root, file)).href)) as T;

function repoFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : repoFiles(rel);
    return [rel];
  });
}
const FILES = [...repoFiles('src'), ...repoFiles('tests'), ...repoFiles('mocks')];

/** Every `pending` entry of every config block that switches the boundary rule on. */
async function configPending(): Promise<Pending[]> {
  const config = (await load<{ default: FlatConfig[] }>('eslint.config.js')).default;
  const blocks = config.filter((c) => c.rules && 'local/boundaries' in c.rules);
  expect(blocks.length).toBeGreaterThan(0);
  return blocks.flatMap((c) => {
    const setting = c.rules!['local/boundaries'] as [string, { pending?: Pending[] }?];
    return (setting[1]?.pending ?? []).map(({ from, to }) => ({ from, to }));
  });
}

/** The `sharedAreas` of the block that switches the boundary rule on for src/. */
async function configAreas(): Promise<Areas> {
  const config = (await load<{ default: FlatConfig[] }>('eslint.config.js')).default;
  const settings = config.flatMap((c) => (c.rules && 'local/boundaries' in c.rules ? [c.rules['local/boundaries'] as [string, { sharedAreas?: Areas }?]] : []));
  const areas = settings.map((s) => s[1]?.sharedAreas).filter((a): a is Areas => !!a);
  expect(areas).toHaveLength(1);
  return areas[0];
}

/** The rows of the doc's "Shared areas" table: | `area` | holds | `a`, `b` (or —) |. */
function docAreas(markdown: string): Areas {
  const section = /^### Shared areas\n([\s\S]*?)(?=^##|$(?![\s\S]))/m.exec(markdown);
  if (!section) throw new Error('docs/boundaries.md has no "### Shared areas" section');
  return Object.fromEntries(
    [...section[1].matchAll(/^\| `([^`]+)` \|[^|]*\| ([^|]*) \|$/gm)].map((m) => [m[1], [...m[2].matchAll(/`([^`]+)`/g)].map((x) => x[1])]),
  );
}

/** What is wrong with the declared areas: folders left out, areas that are no folder, arrows no import uses, cycles. */
async function areaProblems(areas: Areas, folders: string[], files: string[]): Promise<string[]> {
  const rule = await load<Rule>('eslint-rules/boundaries.js');
  const out: string[] = [];
  for (const f of folders) if (!(f in areas)) out.push(`not declared: ${f}`);
  for (const a of Object.keys(areas)) if (!folders.includes(a)) out.push(`no such area: ${a}`);
  const used = new Set<string>();
  for (const file of files) {
    const from = rule.sharedArea(file);
    if (!from) continue;
    for (const m of readFileSync(path.join(root, file), 'utf8').matchAll(/(?:from|import\(|vi\.mock\()\s*['"]([^'"]+)['"]/g)) {
      const to = rule.resolveImport(file, m[1], root);
      const area = to ? rule.sharedArea(to) : null;
      if (area && area !== from) used.add(`${from} -> ${area}`);
    }
  }
  for (const [a, targets] of Object.entries(areas)) for (const b of targets) if (!used.has(`${a} -> ${b}`)) out.push(`declared, no import uses it: ${a} -> ${b}`);
  const state = new Map<string, 'open' | 'done'>();
  const visit = (a: string, trail: string[]) => {
    if (state.get(a) === 'done') return;
    if (state.get(a) === 'open') return void out.push(`cycle: ${[...trail.slice(trail.indexOf(a)), a].join(' -> ')}`);
    state.set(a, 'open');
    for (const b of areas[a] ?? []) visit(b, [...trail, a]);
    state.set(a, 'done');
  };
  for (const a of Object.keys(areas)) visit(a, []);
  return out;
}

const SHARED_FOLDERS = readdirSync(path.join(root, 'src/client/shared'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

/** The bullets of the doc's "Pending crossings" section: - `from` → `to`: why. */
function docPending(markdown: string): Pending[] {
  const section = /^## Pending crossings\n([\s\S]*?)(?=^## |$(?![\s\S]))/m.exec(markdown);
  if (!section) throw new Error('docs/boundaries.md has no "## Pending crossings" section');
  return [...section[1].matchAll(/^- `([^`]+)` → `([^`]+)`/gm)].map((m) => ({ from: m[1], to: m[2] }));
}

/** Whether the lint, run without exemptions, refused an import of a file that `toRe` matches. */
function crossesTo(rule: Rule, results: ESLint.LintResult[], toRe: RegExp): boolean {
  return results.some((r) =>
    r.messages.some((m) => {
      const spec = m.ruleId === 'local/boundaries' ? /Import of '([^']+)'/.exec(m.message)?.[1] : undefined;
      const to = spec ? rule.resolveImport(path.relative(root, r.filePath).split(path.sep).join('/'), spec, root) : null;
      return !!to && toRe.test(to);
    }),
  );
}

/** What is wrong with the exemptions: files they name that do not exist, crossings that are gone, the doc and the config apart. */
async function problems(config: Pending[], doc: Pending[]): Promise<string[]> {
  const rule = await load<Rule>('eslint-rules/boundaries.js');
  const out: string[] = [];
  const id = (p: Pending) => `${p.from} -> ${p.to}`;
  for (const p of config) if (!doc.some((d) => id(d) === id(p))) out.push(`in eslint.config.js, not in docs/boundaries.md: ${id(p)}`);
  for (const d of doc) if (!config.some((p) => id(d) === id(p))) out.push(`in docs/boundaries.md, not in eslint.config.js: ${id(d)}`);
  // Without any exemption, which imports does the lint refuse?
  const eslint = new ESLint({ cwd: root, overrideConfig: { files: ['src/**/*.{ts,tsx}'], rules: { 'local/boundaries': ['error', { pending: [] }] } } });
  for (const p of config) {
    const fromRe = rule.globToRegExp(p.from);
    const toRe = rule.globToRegExp(p.to);
    const froms = FILES.filter((f) => fromRe.test(f));
    if (froms.length === 0) out.push(`from names no file: ${id(p)}`);
    if (!FILES.some((f) => toRe.test(f))) out.push(`to names no file: ${id(p)}`);
    if (froms.length === 0) continue;
    const results = await eslint.lintFiles(froms);
    const crossing = crossesTo(rule, results, toRe);
    if (!crossing) out.push(`no such crossing any more: ${id(p)}`);
  }
  return out;
}

describe('boundary exemptions: the lint config and docs/boundaries.md', () => {
  it('agree, and every exemption names existing files and a crossing the lint would otherwise refuse', async () => {
    const doc = docPending(readFileSync(path.join(root, 'docs/boundaries.md'), 'utf8'));
    expect(await problems(await configPending(), doc)).toEqual([]);
  }, 60_000);

  it('fails the exemptions that outlived their crossings (the three once in eslint.config.js) and a doc that lists another set', async () => {
    const gone: Pending[] = [
      { from: 'src/server/modules/identity/index.ts', to: 'src/server/modules/system/*/*.routes.ts' },
      { from: 'src/server/modules/operations/projects/index.ts', to: 'src/server/modules/operations/*/*.routes.ts' },
      { from: 'src/server/modules/system/system-admin.ts', to: 'src/server/modules/{jobs,oss-admin}/*.routes.ts' },
    ];
    const doc = docPending(`# B\n\n## Pending crossings\n\n- \`${gone[0].from}\` → \`${gone[0].to}\`: why\n- \`src/a.ts\` → \`src/b.ts\`: why\n\n## Tests\n`);
    expect(await problems(gone, doc)).toEqual([
      `in eslint.config.js, not in docs/boundaries.md: ${gone[1].from} -> ${gone[1].to}`,
      `in eslint.config.js, not in docs/boundaries.md: ${gone[2].from} -> ${gone[2].to}`,
      'in docs/boundaries.md, not in eslint.config.js: src/a.ts -> src/b.ts',
      `no such crossing any more: ${gone[0].from} -> ${gone[0].to}`,
      `no such crossing any more: ${gone[1].from} -> ${gone[1].to}`,
      `from names no file: ${gone[2].from} -> ${gone[2].to}`,
    ]);
  }, 60_000);

  it('takes a real crossing for one: a feature importing another feature, to the glob that names the target', async () => {
    // No such import exists in src/ (the lint forbids it), so a file that has one is linted from a
    // fixture path: the check reads what the lint reports, not the entry's words.
    const rule = await load<Rule>('eslint-rules/boundaries.js');
    const eslint = new ESLint({ cwd: root, overrideConfig: { files: ['src/**/*.{ts,tsx}'], rules: { 'local/boundaries': ['error', { pending: [] }] } } });
    const results = await eslint.lintText("import { ProjectsPage } from '../projects/project.screen';\nexport const x = ProjectsPage;\n", {
      filePath: 'src/client/features/operations/equipment/fixture.tsx',
    });
    expect(crossesTo(rule, results, rule.globToRegExp('src/client/features/operations/projects/*.tsx'))).toBe(true);
    expect(crossesTo(rule, results, rule.globToRegExp('src/client/features/operations/orders/*.tsx'))).toBe(false);
  }, 60_000);
});

describe('client shared areas: the lint config and docs/boundaries.md', () => {
  it('agree, declare every folder of src/client/shared, and declare only arrows that imports use, without a cycle', async () => {
    const areas = await configAreas();
    expect(docAreas(readFileSync(path.join(root, 'docs/boundaries.md'), 'utf8'))).toEqual(areas);
    expect(await areaProblems(areas, SHARED_FOLDERS, FILES)).toEqual([]);
  }, 60_000);

  it('fails an undeclared folder, an area that is none, an unused arrow and a cycle', async () => {
    const areas = { ...(await configAreas()), stats: ['scenes'], gone: [] };
    delete (areas as Areas)['trend'];
    expect(await areaProblems(areas, SHARED_FOLDERS, FILES)).toEqual([
      'not declared: trend',
      'no such area: gone',
      'declared, no import uses it: stats -> scenes',
      'cycle: stats -> scenes -> stats',
      'cycle: stats -> scenes -> wall -> stats',
    ]);
  }, 60_000);
});
