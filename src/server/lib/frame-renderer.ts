import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import vm from 'node:vm';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DashboardCharts, DashboardChartsQuery } from '@shared/contracts/stats';

/**
 * The client's server-side renderer (src/client/ssr/overview-frame.tsx, built into dist/ssr): the
 * overview wall's first frame and the dashboard's charts, drawn by the client's own components and
 * chart builders.
 */
export interface FrameRenderer {
  renderOverviewFrame(input: { language: 'cn' | 'en'; fetch: typeof fetch; config: object; worldTopology: unknown }): Promise<string | null>;
  renderDashboardCharts(input: DashboardChartsQuery): Promise<NonNullable<DashboardCharts>>;
  warmUp(worldTopology: unknown): Promise<void>;
}

/**
 * Loads the renderer. The build (dist/ssr/overview-frame.cjs) is one CommonJS file, compiled here
 * as Node's require would, but past the TypeScript loader when the server runs from its sources
 * (tsx): tsx rewrote the 3 MB bundle with a source map and kept both, ~250 MB of the idle server's
 * memory; compiled directly it costs ~20 MB. Anything else (the .tsx source in tests) is imported.
 */
async function loadModule(file: string): Promise<FrameRenderer> {
  if (!file.endsWith('.cjs')) return (await import(pathToFileURL(file).href)) as FrameRenderer;
  const compiled = vm.compileFunction(await readFile(file, 'utf8'), ['exports', 'require', 'module', '__filename', '__dirname'], { filename: file });
  const module = { exports: {} as FrameRenderer };
  compiled.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
  return module.exports;
}

/** Loaded once per file for the process: the wall's frame and the dashboard share one copy (ECharts and all). */
const loaded = new Map<string, Promise<FrameRenderer | null>>();

/** The renderer app.config.frameModule names, or null when it is not built (or did not load: logged once). */
export function frameRenderer(app: FastifyInstance): Promise<FrameRenderer | null> {
  const file = app.config.frameModule;
  let renderer = loaded.get(file);
  if (renderer) return renderer;
  // A renderer built later (after a start without one) is found by the next call.
  if (!existsSync(file)) return Promise.resolve(null);
  renderer = loadModule(file).catch((error: unknown) => {
    app.log.warn({ err: error }, 'the first-frame renderer did not load');
    return null;
  });
  loaded.set(file, renderer);
  return renderer;
}
