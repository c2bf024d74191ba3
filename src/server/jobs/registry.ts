import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z, type ZodType } from 'zod';

/** What a job handler gets to work with. */
export interface JobContext {
  app: FastifyInstance;
  log: FastifyBaseLogger;
  /** The runner instance that runs it ('manual' for run-now). */
  holder: string;
}

/**
 * A scheduled job type: a name, a zod schema for its parameters and the code that runs it.
 * Jobs in job_schedule name a handler of this registry; there is never free-text code to run.
 */
export interface JobHandler<S extends ZodType = ZodType> {
  name: string;
  /** A message key of src/shared/messages.ts: the handler list shows it in the reader's language. */
  description: string;
  params: S;
  run(ctx: JobContext, params: z.output<S>): Promise<unknown>;
}

const handlers = new Map<string, JobHandler>();

/** Adds a handler; modules call this at import time (e.g. 'detect.poll'). A second one of the same name replaces the first. */
export function registerJobHandler<S extends ZodType>(handler: JobHandler<S>): void {
  handlers.set(handler.name, handler as unknown as JobHandler);
}

export function getJobHandler(name: string): JobHandler | undefined {
  return handlers.get(name);
}

export function listJobHandlers(): JobHandler[] {
  return [...handlers.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The handler's parameters as JSON Schema, so the job form can show what a handler takes. */
export function paramsJsonSchema(handler: JobHandler): unknown {
  try {
    return z.toJSONSchema(handler.params, { io: 'input', unrepresentable: 'any' });
  } catch {
    return {};
  }
}
