import fs from 'node:fs';
import path from 'node:path';

/**
 * Which part of the code may import which: the boundaries the linter keeps. It resolves
 * each import (relative or through the @client, @server, @shared, @tests aliases) to a file in the
 * repository and checks the pair against the layers below. docs/boundaries.md explains the layers;
 * tests/unit/boundaries.test.ts proves a violation fails the lint.
 *
 * Client (src/client), lowest first; each layer imports only layers before it, and itself:
 *   lib        lib/, locales/            non-UI helpers: API client, session, i18n, dates
 *   kit        components/               UI kit: tables, forms, dialogs, the wall canvas
 *   shared     shared/                   what several features share: stats calls and chart options,
 *                                        the work kit, wall panels and scene rendering
 *   feature    features/<name>/          one screen or a few screens of one resource; never another
 *              features/<group>/<name>/  feature (groups: operations, system, app)
 *   app        app/, main.tsx, early/, ssr/   the shell, router and entry points; may import anything
 *
 * Client shared areas (src/client/shared/<area>): an area imports another only where the
 *   `sharedAreas` option declares it (area -> the areas it may import); an undeclared area imports none.
 *
 * Server (src/server):
 *   - lib/, plugins/, live/, storage/ and db/ (but db/seed/) never import modules/.
 *   - A module is what the loader registers (modules/index.ts moduleFolders()): a folder under
 *     modules/ holding an index.ts, nearest first, so each folder under operations/ and system/ is
 *     its own module. Every file under modules/ but modules/index.ts belongs to one.
 *   - From another module, a module is reached only through its index.ts (what it registers and
 *     what it re-exports for others). Its routes, repositories, services and helpers are its own.
 *   - Routes (*.routes.ts) are registered by their own folder: imported only from that folder or
 *     from modules/index.ts.
 *
 * Everywhere: code in src/ never imports tests/ or mocks/; test files (*.test.ts[x]) may (and on
 * the server, tests may reach into modules to set up and check what they keep). The client entry
 * may start the MSW worker of `npm run dev:mock`.
 */

const CLIENT_GROUPS = new Set(['operations', 'system', 'app']);
const CLIENT_RANK = { lib: 0, kit: 1, shared: 2, feature: 3, app: 4 };
const SERVER_BASE = /^src\/server\/(lib|plugins|live|storage)\/|^src\/server\/db\/(?!seed\/)/;
const ALIASES = [
  ['@client/', 'src/client/'],
  ['@server/', 'src/server/'],
  ['@shared/', 'src/shared/'],
  ['@tests/', 'tests/'],
];
const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx', '/index.js'];

const isTest = (file) => /\.test\.[cm]?[jt]sx?$/.test(file);

/** The repository file an import names (repo-relative, forward slashes), or null for packages. */
export function resolveImport(fromFile, spec, root) {
  let base;
  if (spec.startsWith('.')) base = path.relative(root, path.resolve(root, path.dirname(fromFile), spec));
  else {
    const alias = ALIASES.find(([prefix]) => spec.startsWith(prefix));
    if (!alias) return null;
    base = alias[1] + spec.slice(alias[0].length);
  }
  base = base.split(path.sep).join('/');
  const isFile = (p) => {
    try {
      return fs.statSync(path.join(root, p)).isFile();
    } catch {
      return false;
    }
  };
  if (isFile(base)) return base;
  for (const ext of EXTENSIONS) if (isFile(base + ext)) return base + ext;
  // Not on disk (a fixture, or a file about to be written): judge by the name as written.
  return base;
}

/** The client layer of a file under src/client, with the feature's folder for features. */
export function clientZone(file) {
  const rest = file.slice('src/client/'.length).split('/');
  const [top] = rest;
  if (top === 'lib' || top === 'locales') return { layer: 'lib' };
  if (top === 'components') return { layer: 'kit' };
  if (top === 'shared') return { layer: 'shared' };
  if (top === 'features') {
    // features/<name>/... or features/<group>/<name>/...; a loose file in features/ or a group is in no feature.
    const depth = CLIENT_GROUPS.has(rest[1]) ? 3 : 2;
    if (rest.length <= depth) return { layer: 'feature', name: null };
    return { layer: 'feature', name: rest.slice(0, depth).join('/') };
  }
  return { layer: 'app' };
}

const MODULES = 'src/server/modules';

/**
 * The module folders under src/server/modules, found as the loader finds them (moduleFolders() in
 * src/server/modules/index.ts; tests/unit/boundaries.test.ts holds the two equal): every folder
 * holding an index.ts, nearest first, sorted. Read once per repository root.
 */
const foldersByRoot = new Map();
export function moduleFolders(root) {
  if (foldersByRoot.has(root)) return foldersByRoot.get(root);
  const found = [];
  const walk = (rel) => {
    let entries;
    try {
      entries = fs.readdirSync(path.join(root, MODULES, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries.filter((e) => e.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
      const sub = rel ? `${rel}/${entry.name}` : entry.name;
      if (fs.existsSync(path.join(root, MODULES, sub, 'index.ts'))) found.push(sub);
      else walk(sub);
    }
  };
  walk('');
  foldersByRoot.set(root, found);
  return found;
}

/** The server module (its folder under modules/, e.g. 'operations/orders') a file belongs to, or null. */
export function serverModule(file, modules) {
  if (!file.startsWith(`${MODULES}/`)) return null;
  const rest = file.slice(MODULES.length + 1);
  return modules.find((m) => rest.startsWith(`${m}/`)) ?? null;
}

/** Why a file under modules/ that is no test and no module's is out of place, or null. */
export function strayModuleFile(file, modules) {
  if (!file.startsWith(`${MODULES}/`) || isTest(file) || file === `${MODULES}/index.ts`) return null;
  if (serverModule(file, modules) !== null) return null;
  return `${file.slice(MODULES.length + 1)} belongs to no module (a folder with an index.ts, as modules/index.ts loads them): move it into the module that owns it, or to lib/ if several modules truly share it`;
}

/** The area of a file under src/client/shared (its first folder), or null. */
export function sharedArea(file) {
  const m = /^src\/client\/shared\/([^/]+)\//.exec(file);
  return m ? m[1] : null;
}

/** A glob of the `pending` option (`*` within a folder, `**` across, `{a,b}` either) as a RegExp. */
export function globToRegExp(glob) {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      re += '.*';
      i++;
    } else if (c === '*') re += '[^/]*';
    else if (c === '{') re += '(';
    else if (c === '}') re += ')';
    else if (c === ',') re += '|';
    else re += c.replace(/[.+?^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/**
 * Why `from` may not import `to`, or null when it may. `modules`: the server's module folders
 * (moduleFolders); `sharedAreas`: which client shared area may import which.
 */
export function violation(from, to, { modules = [], sharedAreas = {} } = {}) {
  const fromTest = isTest(from);
  // The one exception: the entry starts the MSW worker in `npm run dev:mock` (a dynamic import the build drops).
  const mockMode = from === 'src/client/main.tsx' && to === 'mocks/browser.ts';
  if (from.startsWith('src/') && (to.startsWith('tests/') || to.startsWith('mocks/')) && !fromTest && !mockMode) {
    return 'src/ holds no test code: only test files (*.test.ts[x]) import tests/ or mocks/; move a test helper to tests/helpers';
  }

  if (from.startsWith('src/client/') && to.startsWith('src/client/')) {
    const a = clientZone(from);
    const b = clientZone(to);
    if (a.layer === 'feature' && a.name === null) return 'a file directly in features/ (or a feature group) belongs to no feature: move it into a feature, or to src/client/shared if several use it';
    if (a.layer === 'app') return null;
    if (b.layer === 'app') return `the ${a.layer} layer never imports app/ (the shell): move what it needs to lib/ or components/`;
    if (CLIENT_RANK[b.layer] > CLIENT_RANK[a.layer]) return `the ${a.layer} layer never imports the ${b.layer} layer (client layers: lib < kit (components) < shared < features < app)`;
    if (a.layer === 'feature' && b.layer === 'feature' && a.name !== b.name) {
      return `features never import each other (${a.name} -> ${b.name ?? to}): move what both need to src/client/shared, components or lib`;
    }
    const fromArea = sharedArea(from);
    const toArea = sharedArea(to);
    if (fromArea && toArea && fromArea !== toArea && !(sharedAreas[fromArea] ?? []).includes(toArea)) {
      return `shared/${fromArea} may not import shared/${toArea} (declared: ${(sharedAreas[fromArea] ?? []).join(', ') || 'none'}; sharedAreas in eslint.config.js)`;
    }
    return null;
  }

  if (from.startsWith('src/server/') && to.startsWith('src/server/modules/')) {
    // Tests may reach into a module to set up or check what it keeps.
    if (fromTest) return null;
    if (SERVER_BASE.test(from)) return 'lib, plugins, live, storage and db never import modules/: the modules build on them, not the other way';
    const base = path.posix.basename(to);
    if (base.endsWith('.routes.ts')) {
      const ok = path.posix.dirname(from) === path.posix.dirname(to) || from === `${MODULES}/index.ts`;
      if (!ok) return 'routes are registered by their own folder (or modules/index.ts): use what the module exports from its index.ts';
    }
    const a = serverModule(from, modules);
    const b = serverModule(to, modules);
    if (a !== null && a !== b && to.startsWith(`${MODULES}/`) && to !== `${MODULES}/${b}/index.ts`) {
      return `modules/${a} may use another module only through its index.ts, not ${to.slice(MODULES.length + 1)}: export what it needs from ${b ? `modules/${b}/index.ts` : 'the module that owns it'}`;
    }
    return null;
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps the layers of src/ apart (see eslint-rules/boundaries.js and docs/boundaries.md).' },
    schema: [
      {
        type: 'object',
        properties: {
          pending: {
            type: 'array',
            items: { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' }, why: { type: 'string' } }, required: ['from', 'to'], additionalProperties: false },
          },
          sharedAreas: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
        },
        additionalProperties: false,
      },
    ],
    messages: { boundary: "Import of '{{spec}}' crosses a boundary: {{why}}.", stray: '{{why}}.' },
  },
  create(context) {
    const root = context.cwd;
    const from = path.relative(root, context.filename).split(path.sep).join('/');
    if (!from.startsWith('src/')) return {};
    const pending = (context.options[0]?.pending ?? []).map((p) => ({ from: globToRegExp(p.from), to: globToRegExp(p.to) }));
    const zones = { modules: moduleFolders(root), sharedAreas: context.options[0]?.sharedAreas ?? {} };
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string') return;
      const to = resolveImport(from, source.value, root);
      if (!to) return;
      const why = violation(from, to, zones);
      if (!why) return;
      if (pending.some((p) => p.from.test(from) && p.to.test(to))) return;
      context.report({ node: source, messageId: 'boundary', data: { spec: source.value, why } });
    };
    const stray = strayModuleFile(from, zones.modules);
    return {
      Program: (node) => {
        if (stray) context.report({ node, messageId: 'stray', data: { why: stray } });
      },
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : null),
      // vi.mock('...') names a module as an import does.
      CallExpression: (node) => {
        const callee = node.callee;
        if (callee.type === 'MemberExpression' && callee.object.type === 'Identifier' && callee.object.name === 'vi' && callee.property.type === 'Identifier' && callee.property.name === 'mock' && node.arguments[0]?.type === 'Literal') {
          check(node, node.arguments[0]);
        }
      },
    };
  },
};
