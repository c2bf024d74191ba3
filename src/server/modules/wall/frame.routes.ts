import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app-instance';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { wallFrameSchema } from '@shared/contracts/wall';
import { envelopeOf } from '@shared/contracts/common';
import { z } from 'zod';
import { sysSession } from '../../db/schema';
import { ok } from '../../lib/crud';
import type { AuthContext, RoutePermission } from '../../plugins/auth';
import { runtimeConfigOf } from '../../lib/runtime-config';
import type { Locale } from '@shared/constants';
import type { FrameCall, WallFrame } from '@shared/contracts/wall';
import { isoDaysAgo } from '@shared/iso-day';
import { frameRenderer, type FrameRenderer } from '../../lib/frame-renderer';
import { FrameCache, STALE_WAIT_MS, scopeKey } from './frame-cache';
import { ALL_PROJECTS } from '../../lib/data-scope';
import { WALL_READ } from './wall.routes';

/** Who the drawings made ahead run as: a display with a wall's read rights, no session behind it. */
const AHEAD_VIEWER: AuthContext = {
  sessionId: 0,
  kind: 'display',
  userId: null,
  username: '',
  roles: ['display'],
  perms: ['ship-scene#view', 'fall-project#info'],
  isSuper: false,
  projectId: null,
  scope: ALL_PROJECTS,
};

const WARMING = 'wall-frame';

/** Where migration 0011's triggers say the overview's data changed. */
const DATA_CHANNEL = 'cascade_wall_data';
/** A change is drawn this long after it was heard (the statements of one piece of work land together)… */
const REDRAW_DELAY_MS = 250;
/** …and at least this long after the last drawing ahead ended: changing data costs a drawing every few seconds at most. */
const REDRAW_GAP_MS = 2_000;
/**
 * The drawings ahead are made again this often whatever was heard: what no statement announces (a
 * notice whose time window opens) shows no later than this.
 */
const REDRAW_EVERY_MS = 60_000;

const frameQuerySchema = z.object({ lang: z.enum(['cn', 'en']).default('cn') });

/**
 * GET /wall/frame: the overview wall drawn on the server, with the viewer's rights, for the early
 * start in index.html to show while the app loads (client components/wall/first-frame.ts), and the
 * answers of the calls it was drawn from. The html is null when a call failed; the whole answer is
 * null when there is nothing to draw: no renderer built, a display token issued for a scene, or a
 * visitor (their wall is their project's).
 *
 * The server draws the wall ahead, in each language, once it listens and again after every change
 * to its data (frame-cache.ts): a viewer whom every call it was drawn from would let through gets
 * that drawing; anyone else, or a request before any drawing, gets one made for them.
 */
export async function frameRoutes(app: AppInstance): Promise<void> {
  const loadRenderer = () => frameRenderer(app);
  let world: Promise<unknown> | null = null;
  const worldTopology = () =>
    (world ??= (async () => {
      const built = path.join(app.config.clientDir, 'geo/countries-110m.json');
      return JSON.parse(await readFile(existsSync(built) ? built : path.resolve('public/geo/countries-110m.json'), 'utf8')) as unknown;
    })().catch((error: unknown) => {
      world = null;
      throw error;
    }));

  const cache = new FrameCache();

  /**
   * The overview as `viewer` sees it: the wall's calls answered in-process (each checks its
   * permission), kept for the viewers those permissions let through.
   */
  async function drawFrame(render: FrameRenderer, viewer: AuthContext, language: Locale): Promise<WallFrame> {
    const version = cache.version;
    const day = isoDaysAgo(0);
    const calls: FrameCall[] = [];
    const permissions: RoutePermission[] = [];
    const inProcess: typeof fetch = async (input, init) => {
      const own = Object.fromEntries(new Headers(init?.headers).entries());
      const method = (init?.method ?? 'GET') as 'GET' | 'POST';
      const body = typeof init?.body === 'string' ? init.body : undefined;
      const res = await app.injectAs(viewer, { method, url: String(input), headers: own, payload: body }, (p) => permissions.push(p));
      calls.push({ method, url: String(input), body: body ?? null, status: res.statusCode, payload: res.body });
      return new Response(res.body, { status: res.statusCode, headers: { 'content-type': 'application/json' } });
    };
    const html = await render.renderOverviewFrame({ language, fetch: inProcess, config: await runtimeConfigOf(app, app.config), worldTopology: await worldTopology() });
    const frame = { html, calls };
    // Only drawings of every project are kept: one drawn for a scoped viewer would otherwise replace
    // the drawing ahead, and a scoped viewer's is made for them each time (frame-cache.ts checks the scope).
    if (viewer.scope.all && calls.every((c) => c.status === 200)) cache.keep(language, frame, permissions, version, day, scopeKey(viewer.scope));
    return frame;
  }

  /** Draws ahead again, in the languages drawn ahead before; one run at a time, REDRAW_GAP_MS apart. */
  let redrawing: Promise<void> | null = null;
  let redrawAgain = false;
  let closed = false;
  function redraw(delay = REDRAW_DELAY_MS): void {
    if (closed) return;
    if (redrawing) {
      redrawAgain = true;
      return;
    }
    redrawing = (async () => {
      await new Promise((r) => setTimeout(r, delay));
      const render = await loadRenderer();
      if (!render || closed) return;
      for (const language of cache.languages()) if (!closed) await drawFrame(render, AHEAD_VIEWER, language);
    })()
      .catch((error: unknown) => app.log.warn({ err: error }, 'the wall first frame was not drawn again'))
      .finally(() => {
        redrawing = null;
        if (redrawAgain) {
          redrawAgain = false;
          redraw(REDRAW_GAP_MS);
        }
      });
  }
  const changed = () => {
    cache.changed();
    redraw();
  };
  // A gap in listening (the connection lost and back) may have hidden a change.
  const unlisten = await app.database.listen(DATA_CHANNEL, changed, changed);
  const every = setInterval(() => redraw(0), REDRAW_EVERY_MS);
  every.unref();
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(every);
    await unlisten();
    await redrawing;
  });

  // Once the server listens, the renderer is loaded and draws the wall ahead in both languages: the
  // first wall that opens after a start is neither drawn while it waits nor by cold code from a cold
  // database (that one took 2–3 s on a busy machine).
  app.addHook('onListen', async () => {
    app.warming.add(WARMING);
    setTimeout(() => {
      void (async () => {
        const [render, world] = await Promise.all([loadRenderer(), worldTopology()]);
        if (!render) return;
        await render.warmUp(world);
        for (const language of ['cn', 'en'] as const) await drawFrame(render, AHEAD_VIEWER, language);
      })()
        .catch((error: unknown) => app.log.warn({ err: error }, 'the wall first-frame renderer did not warm up'))
        .finally(() => app.warming.delete(WARMING));
    }, 0);
  });

  async function framed(request: FastifyRequest): Promise<boolean> {
    const auth = request.auth!;
    if (auth.kind === 'visitor') return false;
    if (auth.kind !== 'display') return true;
    const [row] = await app.database.db.select({ sceneId: sysSession.sceneId }).from(sysSession).where(eq(sysSession.id, auth.sessionId));
    return !row?.sceneId;
  }

  app.get('/wall/frame', { schema: { response: { 200: envelopeOf(wallFrameSchema.nullable()) }, querystring: frameQuerySchema }, config: { permission: WALL_READ } }, async (request) => {
    const { lang } = request.query;
    const viewer = request.auth!;
    const render = await loadRenderer();
    if (!render || !(await framed(request))) return ok(null);
    // The answers go back with the frame, for the app to use instead of asking again. A drawing from
    // before the data last changed that this viewer would be shown: the one under way (hearing the
    // change set it off) is waited for a moment; past that the old one goes as a picture, without its answers.
    let ahead = cache.lookup(lang, viewer, isoDaysAgo(0));
    if (ahead && cache.stale(lang)) {
      await cache.redrawn(lang, STALE_WAIT_MS);
      ahead = cache.lookup(lang, viewer, isoDaysAgo(0));
    }
    return ok(ahead ?? (await drawFrame(render, viewer, lang)));
  });
}
