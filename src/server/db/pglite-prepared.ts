import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

/**
 * Queries on embedded PGlite as named prepared statements, each call one trip into the database.
 *
 * PGlite's own `query` makes six calls into WebAssembly per statement (parse, describe, bind,
 * describe, execute, sync) and parses and plans the SQL every time; under a 50-connection list load
 * that was most of a request's cost, and the database answers one call at a time. Here a SQL text is
 * parsed once per connection (Parse + Describe, which gives its parameter types), and each call is
 * Bind + Describe + Execute + Sync in one message. PostgreSQL then keeps the statement's plan as
 * it does for any driver's named statements (plan_cache_mode auto: a generic plan only when it is
 * estimated no worse than the custom ones, so a `LIKE $1` prefix search keeps its custom plan).
 *
 * Parameters are written and rows read exactly as PGlite's `query` does (its serializers by the
 * parameter types the server reported, its parsers by column type, `parseResults`). Calls queue
 * behind a running transaction like PGlite's own; statements inside a transaction (PGlite's own
 * `transaction`) come through `queryInTransaction`. At most `limit` statements are kept (least recently used
 * closed first).
 */
/** What it needs of a PGlite client: in-process PGlite, or RemotePglite (its worker thread). */
export type PgliteClient = Pick<PGlite, 'execProtocol' | 'serializers' | 'parsers' | 'isInTransaction' | 'syncToFs' | '_runExclusiveQuery' | '_runExclusiveTransaction'> & {
  _checkReady(): Promise<void>;
  /**
   * Whether statements may be sent before the previous answer is back: they then run in the order
   * sent and each answer is read on its own, and the client writes to the file system itself
   * (RemotePglite). In-process PGlite keeps one answer's state at a time: no.
   */
  readonly pipelines?: boolean;
};

let instances = 0;

export class PreparedPglite {
  private readonly statements = new Map<string, { name: string; paramTypes: number[] }>();
  private next = 0;
  /** Statement names of their own: two handles on one database must not replace each other's statements. */
  private readonly prefix = `cascade_${++instances}_`;

  constructor(
    private readonly client: PgliteClient,
    private readonly limit = 300,
  ) {
    // A database thread started again (db/pglite-remote.ts) knows none of the statements: forgotten
    // here too, each is prepared anew on its next use. (Found gone inside a transaction, a statement
    // cannot be tried again: the transaction is aborted at the error.)
    (client as { onRestart?: (listener: () => void) => () => void }).onRestart?.(() => this.statements.clear());
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (!this.client.pipelines) return this.exclusive(() => this.run<T>(sql, params, options));
    // In the database's thread (db/pglite-remote.ts) statements run in the order they were sent: the
    // database is held while a statement is sent, not until its answer is back, so the next one is
    // already there when the database is done with this one (a transaction still waits for every
    // statement sent before its BEGIN, and holds the database until it ends).
    return this.exclusive(async () => ({ sent: await this.dispatch(sql, params, options) })).then(async ({ sent }) =>
      this.complete<T>(sql, options, sent.statement, await sent.answer, false, () => this.exclusive(() => this.run<T>(sql, params, options, true))),
    );
  }

  /**
   * A statement inside a transaction whose caller holds the database already (PGlite's
   * `transaction`): one call into it, where PGlite's own statement makes six (each a trip to the
   * database's thread, db/pglite-remote.ts). A statement whose table changed under it fails the
   * transaction (PostgreSQL aborts it at that error) rather than being parsed again; it is parsed
   * anew next time.
   */
  queryInTransaction<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.run<T>(sql, params, options, true);
  }

  /** How many statements are prepared (tests). */
  get size(): number {
    return this.statements.size;
  }

  private exclusive<R>(fn: () => Promise<R>): Promise<R> {
    const client = this.client;
    return client._checkReady().then(() => client._runExclusiveTransaction(() => client._runExclusiveQuery(fn)));
  }

  private async run<T>(sql: string, params: unknown[], options: QueryOptions | undefined, retried = false): Promise<Results<T>> {
    const { statement, answer } = await this.dispatch(sql, params, options);
    const again = () => this.run<T>(sql, params, options, true);
    return this.complete<T>(sql, options, statement, await answer, true, retried ? null : again);
  }

  /** Prepares the statement when new, and sends it: its answer is not awaited (`answer`). */
  private async dispatch(sql: string, params: unknown[], options: QueryOptions | undefined) {
    const { serialize } = protocol;
    const statement = this.statements.get(sql) ?? (await this.prepare(sql, options));
    this.statements.delete(sql);
    this.statements.set(sql, statement);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i];
      const write = options?.serializers?.[type] ?? this.client.serializers[type];
      return write ? write(value) : String(value);
    });
    const answer = this.send([
      serialize.bind({ statement: statement.name, values: values as string[] }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    return { statement, answer };
  }

  /**
   * The answer's rows. When a table changed under the statement or the statement is gone, it is
   * closed (`held`: the caller holds the database) and `again` runs (null: no second try).
   */
  private async complete<T>(
    sql: string,
    options: QueryOptions | undefined,
    statement: { name: string },
    messages: Awaited<ReturnType<PreparedPglite['send']>>,
    held: boolean,
    again: (() => Promise<Results<T>>) | null,
  ): Promise<Results<T>> {
    const error = messages.find((m) => m.name === 'error') as (Error & { code?: string }) | undefined;
    if (error) {
      // A table changed under the statement (its row type), or the statement is gone: once more, parsed anew.
      if (error.code === '0A000' || error.code === '26000') {
        if (this.statements.get(sql) === statement) this.statements.delete(sql);
        const close = () => this.send([protocol.serialize.close({ type: 'S', name: statement.name }), protocol.serialize.sync()]);
        await (held ? close() : this.exclusive(close));
        if (again) return again();
      }
      throw error;
    }
    if (!this.client.pipelines && !this.client.isInTransaction()) await this.client.syncToFs();
    return parse.parseResults(messages, this.parsersFor(options), options && { rowMode: options.rowMode })[0] as Results<T>;
  }

  /**
   * The client's parsers with the call's own on top. PGlite's parseResults merges them by copying
   * the client's ~320 parsers into a new object on every call (~140 KB of garbage a statement, and
   * Drizzle passes parsers with every query: under the order list's load a third of what a request
   * allocated); here the call's few parsers sit in front of the client's, which stay shared.
   */
  private parsersFor(options: QueryOptions | undefined): PGlite['parsers'] {
    if (!options?.parsers) return this.client.parsers;
    return Object.assign(Object.create(this.client.parsers) as PGlite['parsers'], options.parsers);
  }

  private async prepare(sql: string, options: QueryOptions | undefined): Promise<{ name: string; paramTypes: number[] }> {
    const { serialize } = protocol;
    const closing: Uint8Array[] = [];
    while (this.statements.size >= this.limit) {
      const [oldest, { name }] = this.statements.entries().next().value!;
      this.statements.delete(oldest);
      closing.push(serialize.close({ type: 'S', name }));
    }
    const name = `${this.prefix}${++this.next}`;
    const messages = await this.send([
      ...closing,
      serialize.parse({ name, text: sql, types: options?.paramTypes }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]);
    const error = messages.find((m) => m.name === 'error');
    if (error) throw error;
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    this.statements.set(sql, statement);
    return statement;
  }

  private async send(parts: Uint8Array[]) {
    const message = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      message.set(p, at);
      at += p.length;
    }
    const { messages } = await this.client.execProtocol(message, { syncToFs: false, throwOnError: false });
    return messages;
  }
}
