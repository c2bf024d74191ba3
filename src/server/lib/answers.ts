import type { FastifyInstance, FastifySerializerCompiler, RouteOptions } from 'fastify';
import { z, type ZodType } from 'zod';
import { envelopeOf } from '@shared/contracts/common';
import { answerCopier, FITS_NOT, toWire } from './answer-copy';

export { toWire };

/**
 * Answers checked by their contracts. A route declares `response: { 200: schema }` with
 * a schema from src/shared/contracts; the server turns the answer into what JSON would carry
 * (Dates to ISO text), parses it with that schema and sends the parsed value. Parsing strips what
 * the schema does not name (a secret a query selected never leaves) and refuses an answer that does
 * not match (a 500 whose log line names the fields: the contract and the code disagree, a bug).
 * An answer that fits is checked and copied in one walk (answer-copy.ts), which gives the same
 * value; the parse runs when it does not fit, to say why, and under the tests beside it.
 * Answers without a JSON schema (files, streams, the event stream) are sent as they are.
 */

/** An answer its route's contract refused: the server's fault, logged with the fields that differ. */
export class AnswerShapeError extends Error {
  constructor(
    readonly method: string,
    readonly url: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(`answer of ${method} ${url} does not match its contract: ${issues.slice(0, 5).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`);
    this.name = 'AnswerShapeError';
  }
}

/** Under the tests every answer is also parsed the old way, and the two must agree (answer-copy.ts). */
const COMPARE = process.env.NODE_ENV === 'test';

export const answerSerializer: FastifySerializerCompiler<unknown> = ({ schema, method, url }) => {
  if (!(schema instanceof z.ZodType)) return (data) => JSON.stringify(data);
  const contract = schema as ZodType;
  const parsed = (data: unknown) => {
    const result = contract.safeParse(toWire(data));
    if (!result.success) throw new AnswerShapeError(method, url, result.error.issues);
    return JSON.stringify(result.data);
  };
  // In one walk when the answer fits (answer-copy.ts); when it does not, zod's parse says why.
  const copy = answerCopier(contract);
  return (data) => {
    let json: string;
    try {
      json = JSON.stringify(copy(data));
    } catch (error) {
      if (error !== FITS_NOT) throw error;
      return parsed(data);
    }
    if (COMPARE) {
      let old: string;
      try {
        old = parsed(data);
      } catch (error) {
        throw new Error(`answer of ${method} ${url}: its copy took what its contract refuses (${(error as Error).message})`);
      }
      if (json !== old) throw new Error(`answer of ${method} ${url}: its copy gave ${json?.slice(0, 300)}, its parse ${old?.slice(0, 300)}`);
    }
    return json;
  };
};

/**
 * The 200 answer of a route that answers with something other than JSON (a file, an image, an event
 * stream): its content types, as OpenAPI declares them. The body is sent as it is (a stream, a
 * buffer or text is never serialised); an error still answers with the JSON envelope.
 */
export function fileAnswer(description: string, ...types: [string, ...string[]]) {
  const body = z.string().meta({ format: 'binary' });
  return { description, content: Object.fromEntries(types.map((t) => [t, { schema: body }])) };
}

/** What every export (lib/export.ts) answers: the list as a spreadsheet or as CSV. */
export const exportAnswer = fileAnswer('the list as a file', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv');
/** A stored file as it was uploaded, with its own content type. */
export const downloadAnswer = fileAnswer('the file itself, with the content type it was stored with', '*/*');

/** A route as registered, with its declared answer schema (the answers test walks these). */
export interface RouteEntry {
  method: string;
  url: string;
  /** The schema of a 200 answer, when the route declares one. */
  answer?: ZodType;
  /** The content types of a 200 answer that is not JSON (fileAnswer). */
  files?: string[];
  hidden: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its answer contract, in registration order. */
    routeEntries: RouteEntry[];
  }
}

/** Records every route registered after this call (with its answer schema) on app.routeEntries. */
export function recordRoutes(app: FastifyInstance): void {
  const entries: RouteEntry[] = [];
  app.decorate('routeEntries', entries);
  app.addHook('onRoute', (route: RouteOptions) => {
    const response = route.schema?.response as Record<string, unknown> | undefined;
    const answer = response?.['200'] ?? response?.[200];
    const content = answer && !(answer instanceof z.ZodType) ? (answer as { content?: Record<string, unknown> }).content : undefined;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      entries.push({
        method: String(method),
        url: route.url,
        answer: answer instanceof z.ZodType ? answer : undefined,
        files: content ? Object.keys(content) : undefined,
        hidden: Boolean((route.schema as { hide?: boolean } | undefined)?.hide),
      });
    }
  });
}

/** GET /health: liveness, the database engine, the version and the start-up work still running. */
export const healthAnswer = envelopeOf(z.object({ status: z.literal('ok'), db: z.string(), version: z.string(), warming: z.array(z.string()) }));
