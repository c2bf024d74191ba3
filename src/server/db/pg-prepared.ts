import type pg from 'pg';

/**
 * Statements on PostgreSQL as named prepared statements, per connection: what pglite-prepared.ts
 * does on the embedded database, here for node-postgres. Without a name, node-postgres sends each
 * parameterised statement unnamed, and PostgreSQL parses, analyses and plans its text on every call;
 * under the order list's load that was a third of what PostgreSQL spent on a request (docs/decisions.md
 * "A list near a hand-written one"). A connection here names each text the first time it runs it
 * (Parse once), and later calls are Bind + Execute. PostgreSQL keeps the plan as it does for any
 * driver's named statements (plan_cache_mode auto: a generic plan only when it is estimated no worse
 * than the custom ones).
 *
 * Only calls with parameters (a `values` array, as Drizzle and Database.query send them) are named:
 * text alone (Database.exec, migrations) may hold several statements, which a prepared statement
 * cannot. Each connection keeps at most `limit` statements, the least recently used deallocated
 * first; names are never reused on a connection. A statement whose table changed under it since it
 * was prepared (0A000, "cached plan must not change result type") or that is gone (26000) is
 * forgotten, and run again under a new name when the connection is not inside a transaction
 * (inside one, PostgreSQL has aborted the transaction already).
 */

type Callback = (error: Error | null, result?: unknown) => void;
type QueryConfig = pg.QueryConfig & { rowMode?: string; types?: unknown; rows?: number; portal?: string };

/** Statement errors after which a name no longer stands for its text. */
const STALE = new Set(['0A000', '26000']);

/** What is read of node-postgres's own state: its statement bookkeeping and the transaction status of its last ReadyForQuery. */
interface ClientState {
  connection?: { parsedStatements?: Record<string, string>; submittedNamedStatements?: Record<string, string> };
  _txStatus?: string | null;
}

export function prepareStatements(client: pg.ClientBase, limit = 100): void {
  const statements = new Map<string, string>();
  let next = 0;
  const state = client as unknown as ClientState;
  const original = client.query.bind(client) as (config: unknown, values?: unknown, callback?: Callback) => unknown;

  /**
   * Deallocates a statement on the server, then forgets it in node-postgres's bookkeeping, then
   * `then` (the call that waits for it: nothing is queued behind the caller's own calls).
   */
  const deallocate = (name: string, then: () => void) =>
    original(`DEALLOCATE "${name}"`, undefined, () => {
      delete state.connection?.parsedStatements?.[name];
      delete state.connection?.submittedNamedStatements?.[name];
      then();
    });

  /** The name of `text` on this connection, and the least recently used one it displaces, if any. */
  const nameFor = (text: string): { name: string; displaced?: string } => {
    const known = statements.get(text);
    if (known) {
      statements.delete(text);
      statements.set(text, known);
      return { name: known };
    }
    let displaced: string | undefined;
    if (statements.size >= limit) {
      const [oldest, name] = statements.entries().next().value!;
      statements.delete(oldest);
      displaced = name;
    }
    const name = `cascade_s${++next}`;
    statements.set(text, name);
    return { name, displaced };
  };

  const run = (config: QueryConfig, callback: Callback, retried: boolean) => {
    const { name, displaced } = nameFor(config.text);
    const send = () =>
      original({ ...config, name }, undefined, (error: (Error & { code?: string }) | null, result?: unknown) => {
        if (!error || !STALE.has(error.code ?? '')) return callback(error, result);
        if (statements.get(config.text) === name) statements.delete(config.text);
        // The status of the connection's last ReadyForQuery, before this statement: idle means it ran
        // in no transaction block, which its error has not aborted.
        const again = !retried && state._txStatus === 'I';
        deallocate(name, () => (again ? run(config, callback, true) : callback(error, result)));
      });
    if (displaced) deallocate(displaced, send);
    else send();
  };

  client.query = function query(config: unknown, values?: unknown, callback?: unknown) {
    if (typeof values === 'function') {
      callback = values;
      values = undefined;
    }
    const own: QueryConfig | null =
      typeof config === 'string'
        ? { text: config, values: values as unknown[] | undefined }
        : config && typeof config === 'object' && typeof (config as { submit?: unknown }).submit !== 'function'
          ? { ...(config as QueryConfig), ...(Array.isArray(values) ? { values } : {}) }
          : null;
    // Not ours to name: a submittable (a cursor), text without parameters, a portal read in parts.
    if (!own || typeof own.text !== 'string' || !Array.isArray(own.values) || own.rows !== undefined || own.portal !== undefined) {
      return original(config, values, callback as Callback | undefined);
    }
    if (typeof callback === 'function') {
      run(own, callback as Callback, false);
      return undefined;
    }
    return new Promise((resolve, reject) => run(own, (error, result) => (error ? reject(error) : resolve(result)), false));
  } as typeof client.query;
}
