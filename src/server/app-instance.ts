import type { FastifyBaseLogger, FastifyInstance, FastifyTypeProvider, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { $ZodType, output } from 'zod/v4/core';

/**
 * The Zod type provider as this server uses it: a route's `request.body`, `query` and `params` are
 * the output types of its schemas (what the validator in app.ts hands over, coerced and
 * transformed). Answers are not typed here: answerSerializer (lib/answers.ts) checks each one
 * against its route's contract at run time after toWire (Dates become ISO text), so the contract's
 * output is the wire's type, not what a handler holds (a Date, a database text column where the
 * contract names an enum); typing replies by it would take a cast in every such handler.
 */
export interface AppTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends $ZodType ? output<this['schema']> : unknown;
  serializer: unknown;
}

/**
 * The server as modules see it: Fastify with the type provider set in app.ts, so a route's
 * `request.body`, `query` and `params` are the types its schema declares (no casts in handlers).
 */
export type AppInstance = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, AppTypeProvider>;
