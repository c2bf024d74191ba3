/**
 * What the metrics plugin (plugins/metrics.ts) listens to, reported by code that has no business
 * knowing about Prometheus: the database driver, the job runner, the reading ingest. Each is null
 * while metrics are off (the default), so the code that reports pays one null check.
 */
export const observe: {
  /** A statement outside a transaction took `seconds`. */
  query: ((seconds: number) => void) | null;
  /** A scheduled or manual job run ended. */
  job: ((handler: string, success: boolean, seconds: number) => void) | null;
  /** A due job started `seconds` after its time. */
  jobLag: ((handler: string, seconds: number) => void) | null;
  /** A board reading was refused (protocol: mqtt, http, modbus; reason: a short code). */
  refused: ((protocol: string, reason: string) => void) | null;
} = { query: null, job: null, jobLag: null, refused: null };

/** Times a promise for `observe.query`, when it listens. */
export function timedQuery<T>(run: () => Promise<T>): Promise<T> {
  const report = observe.query;
  if (!report) return run();
  const started = performance.now();
  return run().finally(() => report((performance.now() - started) / 1000));
}
