import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import type { ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path, { relative } from 'node:path';
import type { ZodType } from 'zod';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { ServerConfig } from './config';
import type { Database } from './db/client';
import { Settings } from './lib/settings';
import { DatabaseAvailability } from './db/availability';
import { databaseRateStore } from './lib/limits';
import { lookupKey } from './lib/server-key';
import { runtimeConfigOf } from './lib/runtime-config';
import { RequestValidationError } from './lib/errors';
import { answerSerializer, recordRoutes } from './lib/answers';
import { healthRoutes } from './lib/health';
import { envelopePlugin } from './plugins/envelope';
import { securityHeadersPlugin } from './plugins/security-headers';
import { authPlugin } from './plugins/auth';
import { etagPlugin } from './plugins/etag';
import { metricsPlugin } from './plugins/metrics';
import { oplogPlugin } from './plugins/oplog';
import { prettyLogStream } from './lib/log-format';
import { loadModules, registerModules } from './modules';
import { livePlugin } from './live';
import { ingestPlugin } from './modules/operations/detect/ingest';
import { missingPlugin } from './modules/operations/detect/missing';
import type { AppTypeProvider } from './app-instance';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    settings: Settings;
    config: ServerConfig;
    /** Work the server does once it listens (warming the wall's first frame up): /health lists it until done. */
    warming: Set<string>;
    /** Whether the database answers, as requests and the health probe find it (db/availability.ts). */
    availability: DatabaseAvailability;
  }
}

export interface AppDeps {
  config: ServerConfig;
  database: Database;
  /** Where the log goes (stdout unless given): tests read it to prove what it never holds. */
  logStream?: NodeJS.WritableStream;
}

/** Query parameters whose values are credentials: written as ****** wherever a URL is logged. */
const SECRET_QUERY = /([?&](?:token|ticket|access_?token|app_?secret|secret|key|password)=)[^&#]*/gi;

/** A URL fit for the log: credential-like query values masked (tokens are never accepted in URLs, but a client may still send one). */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1******');
}

/** The request as Fastify logs it, its URL masked: the second line of defence behind tickets. */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Pino redaction: tokens, passwords and secrets never reach the log. */
const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  // @fastify/multipart's trace line carries the request's headers in its busboy options.
  '*.headers.authorization',
  '*.headers.cookie',
  'req.query.token',
  'req.query.ticket',
  '*.password',
  '*.oldPassword',
  '*.newPassword',
  '*.cameraAppSecret',
  '*.token',
  '*.ticket',
  '*.boardKey',
];

/**
 * Cache policy of the built client: files under assets/ carry a content hash in their name, so a
 * browser keeps them for a year without asking again; index.html and the other unhashed files
 * (base maps, the mock worker) are revalidated on every use so a new build shows at once.
 */
export function clientCacheControl(clientDir: string, filePath: string): string {
  return /^assets[\\/]/.test(relative(clientDir, filePath)) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * The headers helmet writes that only mean something to a document (a page a browser renders and
 * runs): a script, style, image or font answer is not one, and these cost ~0.9 KB on each of the
 * dozens a first load fetches. nosniff stays: it is what keeps a file read as its declared type.
 */
const DOCUMENT_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'cross-origin-embedder-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'permissions-policy',
];

/** Files the browser can open as a document, and that run script there (an SVG does): they keep the document headers. */
const DOCUMENT_FILE = /\.(html?|xhtml|svg|xml)(\.(br|gz))?$/i;

/** The headers a built client file is sent with: its cache rule and, unless it is a document, none of the document headers. */
export function setClientFileHeaders(res: SetHeadersResponse, clientDir: string, filePath: string): void {
  res.setHeader('cache-control', clientCacheControl(clientDir, filePath));
  if (DOCUMENT_FILE.test(filePath)) return;
  // @fastify/static hands over the Node response (reply.raw), where helmet wrote its headers.
  const raw = res as unknown as ServerResponse;
  for (const name of DOCUMENT_HEADERS) raw.removeHeader(name);
}

/** How the built page asks for its runtime configuration (index.html). */
const CONFIG_TAG = '<script src="/config.js"></script>';

/**
 * The runtime configuration as a script setting window.__APP_CONFIG__. Safe inside an HTML script
 * element: a configured title holding </script> or <!-- cannot end it.
 */
export function configScript(runtime: object): string {
  const json = JSON.stringify(runtime).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `window.__APP_CONFIG__ = ${json};\n`;
}

export async function buildApp({ config, database, logStream }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: LOG_REDACT,
            serializers: { req: requestForLog as never },
            ...(logStream ? { stream: logStream } : config.logFormat === 'pretty' ? { stream: prettyLogStream() } : {}),
          },
    // A request is logged when its answer is sent, at debug (the onResponse hook below), and on its
    // arrival at trace: the console of `npm start` shows what a newcomer needs, a line a request
    // with LOG_LEVEL=debug.
    disableRequestLogging: true,
    bodyLimit: 1024 * 1024,
    // Registering every module's routes took over Fastify's default 10 s on a machine shared by many
    // busy processes (load ~25 on 2 cores), and the start failed; a slow start is not a broken one.
    pluginTimeout: 60_000,
    // The socket's address unless TRUST_PROXY names the proxies in front (config.ts).
    trustProxy: config.trustProxy,
    ajv: { customOptions: { removeAdditional: false } },
  }).withTypeProvider<AppTypeProvider>();

  app.decorate('config', config);
  // Only at the levels that print them: at info, no request pays for two hooks of nothing. The
  // arrival at trace: a live stream's answer is sent only when the stream ends.
  // pino's isLevelEnabled; the logger of LOG_LEVEL=silent (none) has no levels.
  const logs = (level: string) => (app.log as { isLevelEnabled?: (l: string) => boolean }).isLevelEnabled?.(level) === true;
  if (logs('trace')) {
    app.addHook('onRequest', async (request) => {
      request.log.trace({ req: request }, 'incoming request');
    });
  }
  if (logs('debug')) {
    app.addHook('onResponse', async (request, reply) => {
      request.log.debug({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    });
  }
  app.decorate('warming', new Set<string>());
  app.decorate('database', database);
  const availability = new DatabaseAvailability(database);
  app.decorate('availability', availability);
  app.addHook('onClose', async () => availability.close());
  app.decorate('settings', new Settings(database));

  // Zod contracts from src/shared validate every request part; the error handler turns the issues
  // into field messages in the caller's language.
  app.setValidatorCompiler(({ schema, httpPart }) => (data) => {
    const result = (schema as ZodType).safeParse(data);
    return result.success
      ? { value: result.data }
      : { error: new RequestValidationError(httpPart ?? 'body', result.error.issues as never) };
  });
  // Answers leave through their route's contract: checked, secrets the contract does not name dropped (lib/answers.ts).
  app.setSerializerCompiler(answerSerializer);
  recordRoutes(app);

  await app.register(envelopePlugin);
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'unsafe-inline'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        connectSrc: ["'self'", 'https:', 'http:', 'ws:', 'wss:'],
        mediaSrc: ["'self'", 'blob:', 'https:', 'http:'],
        frameSrc: ["'self'", 'https:', 'http:'],
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Counters in the database, not in this process: a limit holds across every instance (lib/limits.ts).
  await app.register(rateLimit, { global: false, store: databaseRateStore(database) });
  // The login2 lookup key is made on the first start, before any password is issued with it.
  app.addHook('onReady', async () => {
    await lookupKey(database);
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Cascade API', version: config.version } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${config.apiPrefix}/docs` });
  await app.register(authPlugin, { apiPrefix: config.apiPrefix, headerName: config.authHeader });
  await app.register(oplogPlugin);
  await app.register(etagPlugin);
  await app.register(livePlugin);
  // Board readings are written in batches (after live: the last batch publishes before the hub stops).
  await app.register(ingestPlugin, { maxWaitMs: config.ingestBatchMs });
  await app.register(missingPlugin);
  // Before the routes: its answer hook counts every one of them (METRICS_TOKEN; off by default).
  if (config.metricsToken) await app.register(metricsPlugin, { token: config.metricsToken, apiPrefix: config.apiPrefix });

  healthRoutes(app, config.apiPrefix);

  // Runtime configuration (spec §3), read by the client from a global object before it starts.
  app.get('/config.js', async (_req, reply) => {
    const runtime = await runtimeConfigOf(app, config);
    reply.header('cache-control', 'no-store').type('application/javascript');
    return configScript(runtime);
  });

  await app.register(registerModules, { prefix: config.apiPrefix, modules: await loadModules() });

  if (existsSync(config.clientDir)) {
    // The page with its runtime configuration written in, where the built page asks for /config.js:
    // the first thing a page does is then not to wait for a second answer (a wall's early start runs
    // at once). Read once, like the list of the build's files below: a new build needs a restart.
    const indexFile = path.join(config.clientDir, 'index.html');
    let page: Promise<string> | null = null;
    const servePage = async (_request: FastifyRequest, reply: FastifyReply) => {
      page ??= readFile(indexFile, 'utf8');
      const html = await page;
      const runtime = await runtimeConfigOf(app, config);
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      return html.replace(CONFIG_TAG, () => `<script>${configScript(runtime)}</script>`);
    };
    if (existsSync(indexFile)) {
      app.get('/', servePage);
      app.get('/index.html', servePage);
    }
    await app.register(fastifyStatic, {
      root: config.clientDir,
      prefix: '/',
      wildcard: false,
      index: false,
      globIgnore: ['index.html', 'index.html.*'],
      // The build writes .br and .gz next to each text file (vite.config.ts); sent when the browser accepts them.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => setClientFileHeaders(res, config.clientDir, filePath),
    });
  }

  return app;
}
