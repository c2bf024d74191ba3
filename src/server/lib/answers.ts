import type { FastifyInstance, FastifySerializerCompiler, RouteOptions } from 'fastify';
import { z, type ZodType } from 'zod';
import { dateJson } from './iso-text';

/**
 * Answers checked by their contracts. A route declares `response: { 200: schema }` with
 * a schema from src/shared/contracts; the server turns the answer into what JSON would carry
 * (Dates to ISO text), parses it with that schema and sends the parsed value. Parsing strips what
 * the schema does not name (a secret a query selected never leaves) and refuses an answer that does
 * not match (a 500 whose log line names the fields: the contract and the code disagree, a bug).
 * Answers without a JSON schema (files, streams, the event stream) are sent as they are.
 */

/** A value as JSON.stringify would see it: toJSON applied (Dates become ISO text), recursively. */
export function toWire(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth > 64) return value;
  if (value instanceof Date) return dateJson(value);
  const withJson = value as { toJSON?: () => unknown };
  if (typeof withJson.toJSON === 'function') return toWire(withJson.toJSON(), depth + 1);
  if (Array.isArray(value)) return value.map((v) => toWire(v, depth + 1));
  const out: Record<string, unknown> = {};
  // for…in over the own keys rather than Object.entries, which made a [key, value] array for every
  // field of every row: a list answer's check threw away more than it sent.
  for (const k in value) if (Object.hasOwn(value, k)) out[k] = toWire((value as Record<string, unknown>)[k], depth + 1);
  return out;
}

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

export const answerSerializer: FastifySerializerCompiler<unknown> = ({ schema, method, url }) => {
  if (!(schema instanceof z.ZodType)) return (data) => JSON.stringify(data);
  const contract = schema as ZodType;
  return (data) => {
    const result = contract.safeParse(toWire(data));
    if (!result.success) throw new AnswerShapeError(method, url, result.error.issues);
    return JSON.stringify(result.data);
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

