import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { LiveEvent, LiveTopic } from '@shared/live';
import { CODE, MAX_STREAMS_PER_SESSION } from '@shared/constants';
import { ApiError } from '../lib/errors';
import { fileAnswer } from '../lib/answers';
import { LiveHub } from './hub';
import { routeTopics } from '@shared/resources';
import type { AppInstance } from '../app-instance';

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveHub;
  }
}

/** Publishes a change; never fails the request that caused it (push is best effort, polling backs it up). */
export async function publishLive(app: FastifyInstance, event: Omit<LiveEvent, 'at'>): Promise<void> {
  try {
    await app.live.publish({ ...event, at: new Date().toISOString() });
  } catch (err) {
    app.log.warn({ err }, 'live publish failed');
  }
}

/**
 * Changes made through the back-office, by route: a successful change publishes its topic, so no
 * module has to remember to. Declared per resource in the registry (`live.publish` in
 * src/shared/resources.ts). Device readings publish from the reading service (they also arrive
 * from the poller, outside any request).
 */
export const ROUTE_TOPICS: [RegExp, LiveTopic[]][] = routeTopics();

export function topicsForRoute(url: string): LiveTopic[] {
  return ROUTE_TOPICS.find(([re]) => re.test(url))?.[1] ?? [];
}

/** topicsForRoute of each registered route, worked out once. */
const routeTopicsSeen = new Map<string, LiveTopic[]>();
function topicsOf(route: string): LiveTopic[] {
  let topics = routeTopicsSeen.get(route);
  if (!topics) routeTopicsSeen.set(route, (topics = topicsForRoute(route)));
  return topics;
}

/** The hub on the instance, and the stream endpoint every signed-in screen, wall and visitor may open. */
export const livePlugin = fp(async (app) => {
  const hub = new LiveHub(app.database, (sessionId) => app.resolveSessionById(sessionId));
  await hub.start();
  app.decorate('live', hub);
  // The database gone and back (db/availability.ts): the walls hear it on their stream.
  const unwatch = app.availability?.onChange((available, since) => hub.databaseChanged(available ? null : since));
  // Before the server's close, which waits for every connection to end: a stream never ends by itself,
  // so each is told to reconnect (to the next process) and ended here (docs/deploy.md "Restarts").
  app.addHook('preClose', async () => hub.closeStreams());
  app.addHook('onClose', async () => {
    unwatch?.();
    await hub.stop();
  });
  // A plain function: a call that changed nothing live leaves it at once, without a promise of its own.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    const topics = request.method !== 'POST' || reply.statusCode >= 400 || route === undefined ? [] : topicsOf(route);
    if (!topics.length) return done();
    void (async () => {
      for (const topic of topics) await publishLive(app, { topic });
    })().finally(done);
  });
});

/** Server-sent events: a stream that never ends, not one JSON answer. */
const STREAM_ANSWER = fileAnswer('server-sent events', 'text/event-stream');

export async function liveRoutes(app: AppInstance): Promise<void> {
  // HEAD answers at once with the stream's headers: the automatic HEAD route ran the handler
  // below, which never ends, so a HEAD request never got an answer.
  app.head('/live/stream', { schema: { response: { 200: STREAM_ANSWER } }, config: { permission: 'session' } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store').type('text/event-stream; charset=utf-8');
    return reply.send();
  });
  // Opened with a stream ticket (POST /auth/ticket): an EventSource cannot send the header.
  app.get('/live/stream', { exposeHeadRoute: false, schema: { response: { 200: STREAM_ANSWER } }, config: { permission: 'session', ticket: 'stream' } }, async (request, reply) => {
    // Each stream holds a socket and a place in every fan-out: one session gets a few, not thousands.
    if (app.live.countFor(request.auth!.sessionId) >= MAX_STREAMS_PER_SESSION) throw new ApiError(CODE.tooMany, 'err.tooManyStreams');
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    reply.raw.write(`retry: 3000\nevent: hello\ndata: {"at":"${new Date().toISOString()}"}\n\n`);
    app.live.attach(reply, request.auth!);
  });
}
