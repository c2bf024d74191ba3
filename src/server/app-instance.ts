import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/**
 * The server as modules see it: Fastify with the Zod type provider set in app.ts, so a route's
 * `request.body`, `query` and `params` are the types its schema declares (no casts in handlers).
 */
export type AppInstance = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;
