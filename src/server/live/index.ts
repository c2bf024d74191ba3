import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { LiveEvent } from '@shared/live';
import { LiveHub } from './hub';

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

/** The hub on the instance, and the stream endpoint every signed-in screen, wall and visitor may open. */
export const livePlugin = fp(async (app) => {
  const hub = new LiveHub(app.database);
  await hub.start();
  app.decorate('live', hub);
  app.addHook('onClose', async () => hub.stop());
});

export async function liveRoutes(app: FastifyInstance): Promise<void> {
  app.get('/live/stream', { config: { permission: 'session' } }, async (request, reply) => {
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
