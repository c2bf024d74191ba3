import { build, defineConfig, type Plugin } from 'vite';
import { rolldown } from 'rolldown';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

const alias = {
  '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
  '@client': fileURLToPath(new URL('./src/client', import.meta.url)),
  '@server': fileURLToPath(new URL('./src/server', import.meta.url)),
};

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

/**
 * The overview wall's own modules, and those of them that stay out of its chunk (see the `wall`
 * group): the lazy adapters, and what the early start (src/client/early/wall-early.ts) imports.
 */
const WALL_MODULES = /src[\\/]client[\\/](components[\\/]wall[\\/]|shared[\\/]stats[\\/]|features[\\/]wall[\\/]overview-|shared[\\/]wall[\\/](use-wall-locale|panels[\\/]|project[\\/]kiosk|project[\\/]api[\\/]get-wall-session)|shared[\\/]scenes[\\/]use-wall-scene|app[\\/]page-layout)/;
/**
 * The statistics screen's report and order calls, kept out of the wall and stats groups: in them the
 * wall downloaded and evaluated their contracts (zod and four chunks of schemas) for nothing.
 */
const STATS_REPORTS = /src[\\/]client[\\/]shared[\\/]stats[\\/](report-|api[\\/]get-stat-)/;
const WALL_LAZY = /[\\/](wall-chart|wall-map|cluster|world-map-data|hint-tooltip|overview-calls|world-map-url)\.tsx?$/;
/**
 * What the back-office dashboard shares with the wall (the statistics calls, their chart options, the
 * wall's colours, the counter, the chart's helpers, the holder of the server's drawings and the wall
 * texts): a chunk of their own, so the dashboard does not load the wall's panels, its map (whose
 * chunk starts Leaflet as it is evaluated) or its alarm layer (issue 18).
 */
const STATS_MODULES = /src[\\/]client[\\/](shared[\\/]stats[\\/]|components[\\/]wall[\\/](theme|theme-charts|number-counter|wall-context|first-frame|first-frame-dom|frame-drawing|pointer-seen|scale|clock-format|title-fit)\.tsx?$|shared[\\/]wall[\\/]use-wall-locale\.ts$)/;
/**
 * The UI kit's packages, in two chunks by what loads together: the Mantine components the sign-in,
 * the shell and the dashboard draw (with Mantine's hooks, floating UI and scroll locking), and the
 * rest, which the list and form screens share. Split per component, the login and the shell asked
 * for some forty files of one or two kilobytes each, every one a request with its headers. Of the
 * notifications package only its store, which the providers read: the stack that draws them (with
 * react-transition-group) loads with the first notification (app/notification-stack.tsx). A
 * component's own packages (react-number-format for NumberInput) go where the component goes.
 */
const UI_PACKAGES = /node_modules[\\/](@mantine[\\/](core|modals|notifications[\\/]esm[\\/]notifications\.store)|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|detect-node-es|clsx)[\\/.]/;
const MANTINE_COMPONENT = /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]([A-Za-z]+)[\\/]/;
const SHELL_COMPONENTS = new Set(
  'ActionIcon Affix Alert Anchor AppShell Avatar Badge Box Burger Button Card Center Checkbox CloseButton Collapse Divider Flex FocusTrap Group Input InputBase Kbd Loader LoadingOverlay Menu NavLink Overlay Paper PasswordInput Popover Portal ScrollArea Stack Table Tabs Text TextInput ThemeIcon Title Tooltip Transition UnstyledButton VisuallyHidden'.split(' '),
);
/**
 * What the sign-in page draws (its form, the language switch's button, the error alert) and what those
 * build on: a group of its own, so the login page does not download the shell's layout, dialogs,
 * tables and tabs. Not the language menu (Menu, Popover, Portal, FocusTrap, and floating UI below: 26 KB
 * gzip, two fifths of this group when it was in it): the sign-in loads it when the switch is pointed
 * at (features/auth/language-switch.tsx), and the shell's group has it for the header's menus.
 */
const LOGIN_COMPONENTS = new Set(
  'ActionIcon Alert Anchor Box Button Card Center CloseButton Group Input InputBase Loader Paper PasswordInput Stack Text TextInput ThemeIcon Title Transition UnstyledButton VisuallyHidden'.split(' '),
);
/**
 * Packages without components that go with the shell's group, not the sign-in's: the sign-in's group
 * still takes what of them its own components import (a group takes its modules' dependencies), so of
 * Mantine's hooks it keeps the few its components call (7 KB gzip less than all of them).
 */
const SHELL_ONLY_PACKAGES = /node_modules[\\/](@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|detect-node-es)[\\/]/;
/**
 * Components that one screen or one lazily loaded part draws (the notification stack, the rich-text
 * editor's colour picker, the uploader's progress bar, the user form's radios…): left out of the
 * groups, they load with what draws them instead of with every list screen.
 */
const OWN_COMPONENTS = new Set('Notification ColorPicker ColorSwatch Progress FileInput FileButton Code Typography CopyButton Container Radio Modal ModalBase Drawer SimpleGrid Skeleton Image'.split(' '));
/**
 * The inputs that forms draw and lists do not (a list's add/edit form loads with its dialog:
 * components/list-page ListPageProps.form; a remote select's multiple mode loads its input when
 * drawn): a group of their own, so a list screen does not download them (NumberInput brings
 * react-number-format: some 12 KB gzip of the 31 the rest weighed).
 */
const FORM_COMPONENTS = new Set('NumberInput NumberFormatter Textarea SegmentedControl FloatingIndicator MultiSelect Pill PillsInput TagsInput'.split(' '));
const uiChunk = (id: string) => {
  if (!UI_PACKAGES.test(id)) return null;
  const component = MANTINE_COMPONENT.exec(id)?.[1];
  if (!component) return SHELL_ONLY_PACKAGES.test(id) ? 'ui' : 'ui-login';
  if (OWN_COMPONENTS.has(component)) return null;
  if (FORM_COMPONENTS.has(component)) return 'ui-forms';
  return LOGIN_COMPONENTS.has(component) ? 'ui-login' : SHELL_COMPONENTS.has(component) ? 'ui' : 'ui-more';
};
/**
 * Our own UI kit outside the wall, in three chunks: what every back-office screen and the sign-in use
 * (access checks, feedback, icons, dialogs and the message box), what the list screens share (list
 * page, table, pickers), which needs Mantine's inputs, and what the forms share (see KIT_FORMS). Not `lib/` (the walls use
 * it, and draw without Mantine), the rich-text editor (ProseMirror, lazy with the forms that use
 * it), Mantine's date pickers (lazy with the forms that draw one), the wall's own components, nor
 * what only some screens draw (a record's details, a gallery, a long read-only list, the log's
 * ellipsis and icons, the customers' tags): grouped, every list screen downloaded them.
 */
const KIT_MODULES = /src[\\/]client[\\/]components[\\/](?!wall[\\/]|icon-glyph|rich-text|tooltip-source|form[\\/]date-pickers-mantine|detail[\\/]|dict-tag[\\/]|ellipsis[\\/]|gallery[\\/]|icon[\\/]|read-only-list[\\/]|tags[\\/](card-number|sex-tag))/;
const KIT_LISTS = /src[\\/]client[\\/]components[\\/](list-page|table|select|tags[\\/]status-tag|basket)/;
/** What only the forms use (a list's add/edit dialog, the form fields, the multiple select): loaded with the first form, not with a list. */
const KIT_FORMS = /src[\\/]client[\\/]components[\\/](form[\\/]|list-page[\\/]list-editor|select[\\/]multi-select)/;
const kitChunk = (id: string) => (!KIT_MODULES.test(id) ? null : KIT_FORMS.test(id) ? 'kit-forms' : KIT_LISTS.test(id) ? 'kit-lists' : 'kit');

/**
 * What the app's entry needs on every route, in one chunk: React and the router, i18next, TanStack
 * Query, and what the entry shares with its lazy screens (texts, dates, server messages, constants,
 * the preload helper, the local-name choice, the tooltip source). One file rather than five: a
 * browser opens six connections to a server, and five entry files beside the entry itself left none
 * for the wall's first frame and calls, which waited for the scripts to finish downloading.
 */
const CORE = [
  /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/,
  /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/,
  /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/,
  /(src[\\/]client[\\/](lib[\\/]i18n|components[\\/]tooltip-source)\.ts|src[\\/]shared[\\/](messages|constants|local-name)\.ts|node_modules[\\/]dayjs[\\/](dayjs\.min|locale[\\/]zh-cn)\.js|vite[\\/]preload-helper)/,
];

/**
 * The app's own plumbing that the entry runs on every route (the API client, the session, the live
 * updates' bridge and the query keys they refresh, the statistics' and the wall's among them): a
 * chunk of their own. Left free, the bundler put
 * the live bridge and the code tables (shared/dictionaries) in the statistics group's chunk, and every
 * list screen downloaded the dashboard's chart options and the wall's counters with them (9 KB gzip).
 */
const APP_LIB = /(src[\\/]client[\\/]lib[\\/](api|session|runtime-config|early-calls|kiosk-token|live|resource-keys)|src[\\/]client[\\/]shared[\\/](stats[\\/]api|wall)[\\/]live-keys|src[\\/]shared[\\/](access|live|resources))\.ts$/;

/**
 * Vendor groups that several routes share, each its own long-cached chunk: the wall and the
 * back-office dashboard fetch the same ECharts file, the wall and the project screens the same
 * Leaflet file, and neither drags in the other's screen code (left to itself the bundler merged
 * ECharts into a wall module's chunk, so the dashboard downloaded wall code). Mantine and our kit are
 * grouped by what loads together (the sign-in and shell, the list screens): see UI_PACKAGES, KIT_MODULES.
 */
const vendorGroups = [
  // ECharts' hover tooltips and axis pointer stay out: they load with the first pointer activity; so
  // does its SVG renderer, which only the printable report draws with (lib/echarts loadSvgRenderer).
  { name: 'echarts', test: /node_modules[\\/](echarts(?![\\/]lib[\\/](component[\\/](tooltip|axisPointer)[\\/]|renderer[\\/]installSVGRenderer))|zrender(?![\\/]lib[\\/]svg[\\/]))[\\/]/, priority: 20 },
  { name: 'leaflet', test: /node_modules[\\/](leaflet|react-leaflet|@react-leaflet[\\/]core)[\\/]/, priority: 20 },
  // The overview wall's own modules (canvas, panels, their query hooks, chart options), one chunk
  // instead of some twenty small ones: the wall's first load asked for each over six connections.
  // Not ECharts' or Leaflet's adapters (wall-chart, wall-map), which stay lazy, and not the base map
  // loader the project form also uses. Dependencies stay where they are (the core keeps its own).
  { name: 'wall', test: (id: string) => WALL_MODULES.test(id) && !WALL_LAZY.test(id) && !STATS_MODULES.test(id) && !STATS_REPORTS.test(id), priority: 10, includeDependenciesRecursively: false },
  { name: 'stats', test: (id: string) => STATS_MODULES.test(id) && !STATS_REPORTS.test(id), priority: 11, includeDependenciesRecursively: false },
  { name: 'app-lib', test: APP_LIB, priority: 12, includeDependenciesRecursively: false },
  // The code tables (status, priority, kinds with their labels and colours): the lists', the walls' and the statistics'.
  { name: 'dictionaries', test: /src[\\/]shared[\\/]dictionaries\.ts$/, priority: 12 },
  { name: 'core', test: (id: string) => CORE.some((re) => re.test(id)), priority: 30 },
  // Mantine's core (provider, theme, Box and the component factory), which every Mantine screen needs
  // and the walls do not: one chunk rather than a dozen small ones.
  { name: 'mantine-core', test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]/, priority: 15 },
  // The sign-in's part first (a higher priority), or the shell's group takes the pieces its components
  // share with the sign-in's (UnstyledButton, Popover…) and the login page downloads the whole shell.
  { name: 'ui-login', test: (id: string) => uiChunk(id) === 'ui-login', priority: 16 },
  { name: (id: string) => (uiChunk(id) === 'ui-forms' ? null : uiChunk(id)), debugName: 'ui', priority: 14 },
  // After the others: the forms' inputs share the Combobox with Select, which stays with the lists.
  { name: 'ui-forms', test: (id: string) => uiChunk(id) === 'ui-forms', priority: 13 },
  { name: kitChunk, debugName: 'kit', priority: 5, includeDependenciesRecursively: false },
  // Small helpers ECharts shares with Mantine and the forms: their own chunk, so a group above never
  // takes them in as its dependencies (which made the login fetch ECharts for tslib).
  { name: 'helpers', test: /node_modules[\\/](tslib|fast-deep-equal)[\\/]/, priority: 40 },
];

/** Vendor groups the overview wall runs whole as a chart or its map goes live: see postBanner. */
const EAGER_CHUNKS = ['echarts', 'leaflet'];

/**
 * `@shared/messages?locale=cn` (or `en`): the shared messages (src/shared/messages.ts, both languages
 * side by side as the server reads them) in one language, as a plain table, so each language's texts
 * chunk (locales/<lang>/part-core) carries its own messages and not the other language's: the table
 * of both was in the entry's chunk on every route. The catalogue is bundled and evaluated here; the
 * dev server and the tests (vitest.config.ts) use the same plugin, and reload it when it changes.
 */
export function localeMessages(): Plugin {
  const file = fileURLToPath(new URL('./src/shared/messages.ts', import.meta.url));
  const prefix = '\0cascade-messages:';
  return {
    name: 'cascade-locale-messages',
    enforce: 'pre',
    async resolveId(source, importer) {
      const match = /^(.+)\?locale=(cn|en)$/.exec(source);
      if (!match) return null;
      const resolved = await this.resolve(match[1], importer, { skipSelf: true });
      return resolved && path.resolve(resolved.id) === file ? `${prefix}${match[2]}` : null;
    },
    async load(id) {
      if (!id.startsWith(prefix)) return null;
      const locale = id.slice(prefix.length) as 'cn' | 'en';
      this.addWatchFile(file);
      const bundle = await rolldown({ input: file, platform: 'node', logLevel: 'silent' });
      const { output } = await bundle.generate({ format: 'esm' });
      await bundle.close();
      const catalogue = (await import(`data:text/javascript;base64,${Buffer.from(output[0].code).toString('base64')}`)) as { MESSAGES: Record<string, Record<typeof locale, string>> };
      const table = Object.fromEntries(Object.entries(catalogue.MESSAGES).map(([key, texts]) => [key, texts[locale]]));
      return `export default ${JSON.stringify(table)};`;
    },
  };
}

/**
 * Writes x.br and x.gz beside every text file of the build, compressed once at the highest levels,
 * so the server (@fastify/static preCompressed) sends them without compressing on each request.
 */
function precompress(): Plugin {
  let outDir = '';
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  return {
    name: 'cascade-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|json|svg|txt|map)$/.test(file) || statSync(file).size < 1024) continue;
        const data = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length } }));
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * The overview wall's early start (src/client/early/wall-early.ts), bundled on its own and written
 * into index.html right after /config.js: on /page it sends the wall's calls and preloads its chunks
 * (the route's, ECharts', Leaflet's and the stored language's, which the build lists on its tag)
 * while the browser still fetches the app, instead of one step after another as each is evaluated.
 * Inline, because a script file of its own waited behind the app's scripts for one of the browser's
 * six connections. It does nothing on any other address.
 */
function wallEarly(): Plugin {
  const routeModules = /src[\\/]client[\\/](app[\\/]page-layout|features[\\/]wall[\\/]overview-wall|components[\\/]wall[\\/](wall-chart|wall-map|world-map-data))\.tsx?$/;
  const LATER_MODULES = /src[\\/]client[\\/]components[\\/]wall[\\/](wall-chart|wall-map|world-map-data)\.tsx?$/;
  const localeModule = (l: string) => new RegExp(`src[\\\\/]client[\\\\/]locales[\\\\/]${l}[\\\\/]part-(core|wall)\\.ts$`);
  return {
    name: 'cascade-wall-early',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const app = chunks.find((c) => c.isEntry);
        if (!app) return html;
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const preloaded = new Set([app.fileName, ...app.imports]);
        const visit = (file: string, into: Set<string>) => {
          const chunk = byFile.get(file);
          if (!chunk || into.has(file) || preloaded.has(file)) return;
          into.add(file);
          chunk.viteMetadata?.importedCss.forEach((css) => into.add(css));
          chunk.imports.forEach((f) => visit(f, into));
        };
        // A route module's own chunk, or the small one that stands for it when a group took it in.
        const routeChunks = chunks.filter((c) => [...c.moduleIds, c.facadeModuleId ?? ''].some((id) => routeModules.test(id)));
        // ECharts, Leaflet, their adapters and what only they import apart (their styles, tslib): the
        // wall shows the first frame's drawings of its charts and map until they are wanted (the early
        // start preloads them then).
        const laterChunk = (c: (typeof chunks)[number]) => ['echarts', 'leaflet'].includes(c.name) || c.moduleIds.some((id) => LATER_MODULES.test(id));
        const wanted = new Set<string>();
        const now = new Set<string>();
        for (const c of routeChunks) {
          visit(c.fileName, wanted);
          if (!laterChunk(c)) visit(c.fileName, now);
        }
        // The texts of each language a wall needs (everyone's and its own), the stored one before it draws.
        const locale = (l: string) => chunks.filter((c) => c.moduleIds.some((id) => localeModule(l).test(id))).map((c) => `./${c.fileName}`).join(' ');

        const bundle = await rolldown({ input: 'src/client/early/wall-early.ts', resolve: { alias }, platform: 'browser', logLevel: 'silent' });
        const { output } = await bundle.generate({ format: 'iife', minify: true });
        await bundle.close();
        const list = (files: string[]) => files.map((f) => `./${f}`).join(' ');
        const attrs = `data-wall-chunks="${list([...wanted].filter((f) => now.has(f)))}" data-wall-later="${list([...wanted].filter((f) => !now.has(f)))}" data-locale-cn="${locale('cn')}" data-locale-en="${locale('en')}"`;
        const tag = `<script ${attrs}>\n${output[0].code.trim()}\n</script>`;
        // The app's entry starts once a wall's first frame is on screen (at once anywhere else): its
        // tags go, a loader takes their place. Left in the page, the browser fetched, compiled and ran
        // the entry while the frame was drawn on the server and here, on the same two cores.
        const entry = [app.fileName, ...app.imports].map((f) => `./${f}`);
        const stripped = html
          .replace(new RegExp(`\\s*<script type="module" crossorigin src="\\./${app.fileName}"></script>`), '')
          .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '');
        if (stripped.includes(app.fileName)) throw new Error('wallEarly: the entry script tag was not found in index.html');
        const loader = `<script type="module">await window.__CASCADE_FRAME__;for(const href of ${JSON.stringify(entry.slice(1))})document.head.appendChild(Object.assign(document.createElement('link'),{rel:'modulepreload',href,crossOrigin:''}));import(${JSON.stringify(entry[0])});</script>`;
        return stripped.replace('<script src="/config.js"></script>', (config) => `${config}\n    ${tag}`).replace('</body>', `  ${loader}\n  </body>`);
      },
    },
  };
}

/**
 * Writes the characters past Latin-1 (the Chinese texts) as \u escapes: V8 keeps a source without
 * any at one byte a character, and one with a single such character at two.
 */
function latin1Source(): Plugin {
  return {
    name: 'cascade-latin1-source',
    // After minifying, which writes them back as they are.
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk') file.code = file.code.replace(/[^\0-\xff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
      }
    },
  };
}

/**
 * The overview wall's first-frame renderer (src/client/ssr/overview-frame.tsx), built for Node next
 * to the client (dist/client → dist/ssr), everything bundled in: the server imports it to draw the
 * wall once before the app has loaded (client components/wall/first-frame.ts).
 */
function firstFrameRenderer(): Plugin {
  let outDir = '';
  let root = '';
  return {
    name: 'cascade-first-frame',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        plugins: [react(), localeMessages(), latin1Source()],
        resolve: { alias },
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        ssr: { noExternal: true },
        publicDir: false,
        build: {
          ssr: 'src/client/ssr/overview-frame.tsx',
          outDir: path.resolve(outDir, '../ssr'),
          emptyOutDir: true,
          // The server keeps the renderer loaded (it draws the wall again after every change): minified,
          // its source held in the server's memory is half the size.
          minify: true,
          // One CommonJS file: the server compiles it past its TypeScript loader (frame.routes.ts loadModule).
          rolldownOptions: { output: { format: 'cjs', entryFileNames: 'overview-frame.cjs', codeSplitting: false } },
        },
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), localeMessages(), precompress(), wallEarly(), firstFrameRenderer()],
  resolve: { alias },
  base: './',
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/config.js': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // dist/client/.vite/manifest.json: which chunks each screen needs (bundle analysis, budgets).
    manifest: true,
    // The one chunk above this is the full Tabler icon set of the menu screen's icon picker, loaded
    // only when that picker opens (never by the login, the wall or the back-office shell): 2.9 MB
    // minified, 0.57 MB as sent (gzip). Above it, the build warns of a chunk nobody meant.
    chunkSizeWarningLimit: 3000,
    rolldownOptions: {
      // The app has one entry, whose exports nobody imports (and the inlining below needs it).
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          groups: vendorGroups,
          // The small modules several screens share (a Tabler icon, a store, a text helper) are copied
          // into the chunks that read them instead of each being a file of its own (the runtime keeps
          // one instance of each): the sign-in and the dashboard asked for some thirty files under 2 KB,
          // each a request with a kilobyte of headers. Not a chunk with styles (Vite would emit its CSS
          // once per copy).
          experimentalInlineCommonChunks: { maxSize: 8 * 1024, exclude: /\.css(\?|$)/ },
        },
        // ECharts and Leaflet compiled whole as they download, on a background thread (V8's explicit
        // compile hint): compiled function by function as the wall's first charts drew after it
        // showed, they made each of them a long task (20–40 ms of lazy compiling in a 50–90 ms first
        // draw on a loaded wall PC).
        postBanner: (chunk) => (EAGER_CHUNKS.includes(chunk.name) ? '//# allFunctionsCalledOnLoad' : ''),
        // Groups that leave their dependencies where they are (wall, stats, kit) can put a module in a
        // chunk evaluated before one it needs: each module then runs when first imported, in order.
        strictExecutionOrder: true,
      },
    },
  },
});
