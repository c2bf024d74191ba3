import { Worker } from 'node:worker_threads';
import { Mutex, PGlite, protocol, type Transaction } from '@electric-sql/pglite';
import { DatabaseUnavailableError } from './availability';

/** What PGlite's base class gives every client: queries, exec, transactions, the type parsers and serializers. */
type PgliteBase = Pick<PGlite, 'query' | 'sql' | 'exec' | 'transaction' | 'describeQuery' | 'refreshArrayTypes' | 'runExclusive' | 'serializers' | 'parsers'> & {
  _initArrayTypes(options?: { force?: boolean }): Promise<void>;
};
/**
 * PGlite's base class, which builds query, exec and transaction on the protocol calls below (the
 * package uses it for its own web-worker client but does not export it by name).
 */
const BasePglite = Object.getPrototypeOf(PGlite) as new () => PgliteBase;

type NoticeMessage = InstanceType<typeof protocol.messages.NoticeMessage>;
type DatabaseError = InstanceType<typeof protocol.messages.DatabaseError>;
type ProtocolOptions = { syncToFs?: boolean; throwOnError?: boolean; onNotice?: (notice: NoticeMessage) => void };
type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];
type Pending = { resolve: (value: any) => void; reject: (error: Error) => void };
type WorkerError = { message: string; name?: string; stack?: string };
/** A data folder's folders and files, paths relative to it (listDataDir). */
export type DataDirListing = { dirs: string[]; files: { path: string; size: number }[] };
/** Part of a file of the data folder (readDataFiles). */
export type DataFilePiece = { path: string; offset: number; length: number };

export interface RemotePgliteOptions {
  /** A data folder; neither this nor `loadDataDir`: in memory. */
  dataDir?: string;
  /** A dump made by `dumpDataDir`, to start from. */
  loadDataDir?: Blob;
  /** Start parameters after PGlite's own (`-c name=value` pairs). */
  startParams?: string[];
}

const WORKER_URL = new URL(`./pglite-worker.mjs`, import.meta.url);
/** Pause before the first attempt to start a stopped thread again, and the most it grows to. */
const RESTART_FIRST_MS = 500;
const RESTART_MAX_MS = 3_000;

const asError = (e: WorkerError) => Object.assign(new Error(e.message), { name: e.name ?? 'Error', stack: e.stack });

/**
 * PGlite in a worker thread, behind PGlite's own client interface, so that a query's time in the
 * database is never time the server's event loop waits (HTTP, live streams and static files go on
 * meanwhile). The worker (pglite-worker.mjs) runs the PostgreSQL wire protocol; this thread keeps
 * what PGlite keeps in-process: the query and transaction locks (a transaction holds the database
 * for its statements, in order, nothing of another request in between), the parsers and
 * serializers (answers are PGlite's own protocol bytes, parsed here by its own parser: types read
 * exactly as in-process), LISTEN handlers (a NOTIFY arrives in the answer to the statement whose
 * transaction committed it, as in-process). The thread keeps the process alive only while a call
 * is under way, as an in-process PGlite does not keep it alive at all.
 */
export class RemotePglite extends BasePglite {
  readonly debug = 0;
  /** Statements run in the order sent, each answer parsed on its own, the file system written by the worker (pglite-prepared.ts). */
  readonly pipelines = true;
  #worker: Worker;
  #ready: Promise<void>;
  #closed = false;
  #closing: Promise<void> | null = null;
  #failed: Error | null = null;
  #next = 0;
  #pending = new Map<number, Pending>();
  #inTransaction = false;
  #queryMutex = new Mutex();
  #transactionMutex = new Mutex();
  #listeners = new Map<string, Set<(payload: string) => void>>();
  #notificationListeners = new Set<(channel: string, payload: string) => void>();

  private constructor(
    private readonly options: RemotePgliteOptions,
    loadDataDir: ArrayBuffer | undefined,
  ) {
    super();
    ({ worker: this.#worker, ready: this.#ready } = this.#spawn(loadDataDir));
  }

  /** Starts a thread on the database; `ready` resolves once it answers, and rejects if it fails first. */
  #spawn(loadDataDir?: ArrayBuffer): { worker: Worker; ready: Promise<void> } {
    const worker = new Worker(WORKER_URL, {
      workerData: { dataDir: this.options.dataDir, loadDataDir, startParams: this.options.startParams ?? [] },
      transferList: loadDataDir ? [loadDataDir] : [],
    });
    const ready = new Promise<void>((resolve, reject) => {
      worker.on('message', (message: { ready?: true; failed?: WorkerError; id?: number; value?: unknown; error?: WorkerError }) => {
        if (message.ready) {
          if (this.#pending.size === 0) worker.unref();
          return resolve();
        }
        if (message.failed) return reject(asError(message.failed));
        const call = this.#pending.get(message.id!);
        if (!call) return;
        this.#pending.delete(message.id!);
        if (this.#pending.size === 0) worker.unref();
        this.#answer(message.error ? () => call.reject(asError(message.error!)) : () => call.resolve(message.value));
      });
      worker.on('error', (error) => this.#fail(worker, error, reject));
      worker.on('exit', (code) => this.#fail(worker, new Error(`the embedded database's thread stopped (exit code ${code})`), reject));
    });
    return { worker, ready };
  }

  /**
   * Answers handed to their callers one per turn of the event loop. Node runs every message waiting
   * on the thread's port in one go, each followed by what its caller does next (rows mapped, an
   * answer serialised and written): under the order list's load a hundred answers or more had piled
   * up while the last batch ran, and a request that needs no database (/api/health, a static file)
   * waited for the whole batch, up to seconds (docs/decisions.md "A list near a hand-written one").
   * One answer a turn lets the sockets be read between them. While the database is held (a
   * transaction, a statement being prepared), nothing else is sent until its holder has its answer
   * and goes on: that answer is handed over at once.
   */
  #answers: (() => void)[] = [];
  #answering = false;

  #answer(settle: () => void): void {
    if (this.#transactionMutex.isLocked() || this.#queryMutex.isLocked()) return settle();
    this.#answers.push(settle);
    if (!this.#answering) {
      this.#answering = true;
      setImmediate(this.#settleNext);
    }
  }

  #settleNext = (): void => {
    const settle = this.#answers.shift();
    if (this.#answers.length) setImmediate(this.#settleNext);
    else this.#answering = false;
    settle?.();
  };

  /** Starts the thread and opens the database in it; resolves once it answers queries. */
  static async create(options: RemotePgliteOptions = {}): Promise<RemotePglite> {
    const dump = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
    const client = new RemotePglite(options, dump);
    try {
      await client.#ready;
      await client._initArrayTypes();
    } catch (error) {
      // Not started: nothing to start again.
      client.#closing = Promise.resolve();
      client.#closed = true;
      await client.#worker.terminate();
      throw error;
    }
    return client;
  }

  get closed(): boolean {
    return this.#closed;
  }

  get ready(): boolean {
    return !this.#closed && !this.#failed;
  }

  /** Whether the database is inside a transaction block, as of its last answer. */
  isInTransaction(): boolean {
    return this.#inTransaction;
  }

  /**
   * The thread stopped or failed. Calls under way reject as the database being unavailable (a 503
   * to a request); a database in a data folder is opened again in a new thread, which PostgreSQL's
   * crash recovery brings back to its last committed transaction, and calls go on from there. One
   * in memory is gone with its thread: it stays failed.
   */
  #fail(worker: Worker, cause: Error, rejectStart: (error: Error) => void): void {
    if (worker !== this.#worker || (this.#closed && !this.#pending.size)) return;
    const error = new DatabaseUnavailableError(cause.message, { cause });
    rejectStart(error);
    for (const call of this.#pending.values()) call.reject(error);
    this.#pending.clear();
    this.#inTransaction = false;
    if (this.#failed) return;
    this.#failed = error;
    if (this.#closing || !this.options.dataDir) {
      this.#closed = true;
      return;
    }
    this.#restart(RESTART_FIRST_MS);
  }

  /** Opens the data folder again in a new thread, after `delay`, doubling while it keeps failing. */
  #restart(delay: number): void {
    const timer = setTimeout(async () => {
      if (this.#closing) return;
      const { worker, ready } = this.#spawn();
      this.#worker = worker;
      this.#ready = ready;
      const started = performance.now();
      try {
        await ready;
        this.lastOpenMs = Math.round(performance.now() - started);
      } catch {
        await worker.terminate().catch(() => undefined);
        if (worker === this.#worker) this.#restart(Math.min(delay * 2, RESTART_MAX_MS));
        return;
      }
      if (worker !== this.#worker || this.#closing) return;
      this.#failed = null;
      this.restarts += 1;
      // The new backend listens to nothing yet, and knows none of the statements prepared before
      // (pglite-prepared.ts prepares a statement anew when the database says it is gone).
      for (const channel of this.#listeners.keys()) await this.exec(`LISTEN "${channel.replace(/"/g, '')}"`).catch(() => undefined);
      for (const listener of this.#restartListeners) listener();
    }, delay);
    timer.unref();
  }

  /** How many times the thread was started again after it stopped (tests, the log). */
  restarts = 0;
  /** How long the last start again took PGlite to open the folder (its recovery included). */
  lastOpenMs = 0;
  #restartListeners = new Set<() => void>();

  /** Hears that the thread was started again: notifications sent meanwhile are gone. */
  onRestart(listener: () => void): () => void {
    this.#restartListeners.add(listener);
    return () => this.#restartListeners.delete(listener);
  }

  /** Stops the thread as a crash would (no close, nothing flushed): what the restart is tested with. */
  async crash(): Promise<void> {
    await this.#worker.terminate();
  }

  #call<T>(op: string, args: Record<string, unknown> = {}, transfer: ArrayBuffer[] = []): Promise<T> {
    if (this.#failed) return Promise.reject(this.#failed);
    const id = ++this.#next;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      if (this.#pending.size === 1) this.#worker.ref();
      this.#worker.postMessage({ id, op, args }, transfer);
    });
  }

  async execProtocolRaw(message: Uint8Array, { syncToFs = true }: ProtocolOptions = {}): Promise<Uint8Array> {
    // The message moves to the worker: a copy when it is a view on a larger buffer (or one the caller keeps).
    const own = message.slice();
    const { data, inTransaction } = await this.#call<{ data: Uint8Array; inTransaction: boolean }>('protocol', { message: own, syncToFs }, [own.buffer]);
    this.#inTransaction = inTransaction;
    return data;
  }

  async execProtocol(message: Uint8Array, options: ProtocolOptions = {}): Promise<{ messages: BackendMessage[]; data: Uint8Array }> {
    const data = await this.execProtocolRaw(message, { syncToFs: options.syncToFs ?? true });
    return { messages: this.#read(data, options), data };
  }

  async execProtocolStream(message: Uint8Array, options: ProtocolOptions = {}): Promise<BackendMessage[]> {
    return this.#read(await this.execProtocolRaw(message, { syncToFs: options.syncToFs ?? true }), options);
  }

  async execProtocolRawStream(message: Uint8Array, { syncToFs = true, onRawData }: ProtocolOptions & { onRawData: (data: Uint8Array) => void }): Promise<void> {
    onRawData(await this.execProtocolRaw(message, { syncToFs }));
  }

  /**
   * The answer's messages as PGlite's execProtocol gives them: notices to `onNotice`, notifications
   * to their listeners; with throwOnError (the default) the first error is thrown and what follows
   * it dropped.
   */
  #read(data: Uint8Array, { throwOnError = true, onNotice }: ProtocolOptions): BackendMessage[] {
    const messages: BackendMessage[] = [];
    let error: DatabaseError | null = null;
    new protocol.Parser().parse(data, (message) => {
      if (error) return;
      if (message instanceof protocol.messages.DatabaseError) {
        if (throwOnError) error = message;
      } else if (message instanceof protocol.messages.NoticeMessage) {
        onNotice?.(message);
      } else if (message instanceof protocol.messages.NotificationResponseMessage) {
        const { channel, payload } = message;
        for (const listener of this.#listeners.get(channel) ?? []) queueMicrotask(() => listener(payload));
        for (const listener of this.#notificationListeners) queueMicrotask(() => listener(channel, payload));
      }
      messages.push(message);
    });
    if (error) throw error;
    return messages;
  }

  /** Outside a transaction block the worker wrote the last statement's changes already (pglite-worker.mjs). */
  async syncToFs(): Promise<void> {
    if (this.#inTransaction) await this.#call('syncToFs');
  }

  async listen(channel: string, callback: (payload: string) => void, tx?: Transaction): Promise<(tx?: Transaction) => Promise<void>> {
    const name = postgresName(channel);
    if (!this.#listeners.has(name)) this.#listeners.set(name, new Set());
    this.#listeners.get(name)!.add(callback);
    try {
      await (tx ?? this).exec(`LISTEN ${channel}`);
    } catch (error) {
      this.#listeners.get(name)!.delete(callback);
      if (this.#listeners.get(name)!.size === 0) this.#listeners.delete(name);
      throw error;
    }
    return async (unlistenTx?: Transaction) => {
      const set = this.#listeners.get(name);
      set?.delete(callback);
      if (set?.size === 0) {
        this.#listeners.delete(name);
        await (unlistenTx ?? this).exec(`UNLISTEN ${channel}`);
      }
    };
  }

  onNotification(callback: (channel: string, payload: string) => void): () => void {
    this.#notificationListeners.add(callback);
    return () => this.#notificationListeners.delete(callback);
  }

  /** The data folder as a tar (gzip: compressed), as PGlite's dumpDataDir; `loadDataDir` opens it. */
  async dumpDataDir(compression?: 'gzip' | 'none' | 'auto'): Promise<Blob> {
    await this._checkReady();
    return this.#queryMutex.runExclusive(async () => {
      const { bytes, type, name } = await this.#call<{ bytes: ArrayBuffer; type: string; name?: string }>('dumpDataDir', { compression });
      return name ? new File([bytes], name, { type }) : new Blob([bytes], { type });
    });
  }

  /** The data folder's folders and files (paths relative to it), as the database's thread sees them now. */
  async listDataDir(): Promise<DataDirListing> {
    await this._checkReady();
    return this.#call<DataDirListing>('listDataDir');
  }

  /**
   * Pieces of files of the data folder: up to `length` bytes of each from its `offset` (fewer at its
   * end), null for a file gone since it was listed. Read between two statements, never during one:
   * what PostgreSQL's online backup copies (backup/live-copy.ts); a file read in several pieces may
   * hold pages of different moments, which the backup's WAL puts right.
   */
  async readDataFiles(pieces: DataFilePiece[]): Promise<(Uint8Array | null)[]> {
    await this._checkReady();
    return this.#call<(Uint8Array | null)[]>('readDataFiles', { pieces });
  }

  async _handleBlob(blob?: Blob): Promise<void> {
    if (blob) throw new Error('COPY through /dev/blob is not supported by the embedded database in its worker thread');
  }

  async _getWrittenBlob(): Promise<undefined> {
    return undefined;
  }

  async _cleanupBlob(): Promise<void> {}

  async _checkReady(): Promise<void> {
    if (this.#failed) throw this.#failed;
    if (this.#closed) throw new Error('PGlite is closed');
    await this.#ready;
  }

  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T> {
    return this.#queryMutex.runExclusive(fn);
  }

  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> {
    return this.#transactionMutex.runExclusive(fn);
  }

  /** Waits for the calls under way (a transaction ends first), closes the database and ends its thread. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      if (this.#closed) return;
      await this.#transactionMutex.runExclusive(() => this.#queryMutex.runExclusive(async () => undefined));
      if (this.#closed) return;
      try {
        // A thread that stopped (and is being started again) has nothing to close.
        if (!this.#failed) await this.#call('close');
      } finally {
        this.#closed = true;
        await this.#worker.terminate();
      }
    })();
    return this.#closing;
  }
}

/** A channel as PostgreSQL names it: quoted as written, else in lower case (as PGlite's listen does). */
function postgresName(channel: string): string {
  return channel.startsWith('"') && channel.endsWith('"') ? channel.slice(1, -1) : channel.toLowerCase();
}
