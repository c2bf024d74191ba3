// The embedded database's own thread (db/pglite-remote.ts starts it): it owns the PGlite instance
// and runs what the server's thread sends, one message at a time, in the order sent. Protocol
// bytes go in and out as they are (the server's thread parses them with PGlite's own parser), so
// types read exactly as they would in the server's thread. Plain JavaScript: the server runs it
// from src/ under tsx and vitest and from dist/ when built, with no loader in this thread.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** Where PGlite keeps its data folder in its own file system (a data folder on disk is mounted there). */
const PGDATA = '/pglite/data';

const { dataDir, loadDataDir, startParams } = workerData;

/** Each request's answer: a view the database wrote into is copied to a buffer of its own, which moves to the other thread. */
function own(bytes) {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
}

const handlers = {
  // Written to the file system when asked, and whenever the database is outside a transaction block
  // after it (what PGlite's query and exec do after each statement): the server's thread need not
  // ask for it separately, a second trip per statement.
  async protocol(client, { message, syncToFs }) {
    const data = own(await client.execProtocolRaw(message, { syncToFs: false }));
    const inTransaction = client.isInTransaction();
    if (syncToFs || !inTransaction) await client.syncToFs();
    return { value: { data, inTransaction }, transfer: [data.buffer] };
  },
  async syncToFs(client) {
    await client.syncToFs();
    return { value: null };
  },
  async dumpDataDir(client, { compression }) {
    const dump = await client.dumpDataDir(compression);
    const bytes = await dump.arrayBuffer();
    return { value: { bytes, type: dump.type, name: dump.name }, transfer: [bytes] };
  },
  // The data folder's files, read a piece at a time while the database goes on between pieces: what
  // a backup copies during PostgreSQL's own online backup (backup/live-copy.ts). Paths are relative
  // to the data folder.
  async listDataDir(client) {
    const FS = client.mod.FS;
    const dirs = [];
    const files = [];
    const walk = (rel) => {
      for (const name of FS.readdir(`${PGDATA}${rel}`)) {
        if (name === '.' || name === '..') continue;
        const stat = FS.stat(`${PGDATA}${rel}/${name}`);
        if (FS.isDir(stat.mode)) {
          dirs.push(`${rel}/${name}`.slice(1));
          walk(`${rel}/${name}`);
        } else if (FS.isFile(stat.mode)) files.push({ path: `${rel}/${name}`.slice(1), size: stat.size });
      }
    };
    walk('');
    return { value: { dirs, files } };
  },
  // Pieces of files ({ path, offset, length } each): their bytes, null for a file gone since it was
  // listed (a table dropped, a WAL segment recycled). Several small files are read in one message.
  async readDataFiles(client, { pieces }) {
    const FS = client.mod.FS;
    const out = pieces.map(({ path, offset, length }) => {
      if (typeof path !== 'string' || path.split('/').includes('..')) throw new Error('not a path inside the data folder');
      let stream;
      try {
        stream = FS.open(`${PGDATA}/${path}`, 'r');
      } catch (error) {
        if (error?.errno === 44) return null;
        throw error;
      }
      try {
        // As much as the file holds from `offset` (a small file's read allocates its own size, not the piece's).
        const want = Math.max(0, Math.min(length, FS.stat(`${PGDATA}/${path}`).size - offset));
        const bytes = new Uint8Array(want);
        const read = want ? FS.read(stream, bytes, 0, want, offset) : 0;
        return read === want ? bytes : bytes.slice(0, read);
      } finally {
        FS.close(stream);
      }
    });
    return { value: out, transfer: out.filter(Boolean).map((b) => b.buffer) };
  },
  async close(client) {
    if (!client.closed) await client.close();
    return { value: null };
  },
};

async function main() {
  const client = await PGlite.create({
    // A dump opens in memory, or into an empty data folder when one is named too.
    dataDir,
    ...(loadDataDir ? { loadDataDir: new Blob([loadDataDir]) } : {}),
    startParams: [...PGlite.defaultStartParams, ...startParams],
  });
  let queue = Promise.resolve();
  parentPort.on('message', ({ id, op, args }) => {
    queue = queue.then(async () => {
      try {
        const { value, transfer } = await handlers[op](client, args);
        parentPort.postMessage({ id, value }, transfer ?? []);
      } catch (error) {
        parentPort.postMessage({ id, error: { message: String(error?.message ?? error), name: error?.name, stack: error?.stack } });
      }
      if (op === 'close') parentPort.close();
    });
  });
  parentPort.postMessage({ ready: true });
}

main().catch((error) => {
  parentPort.postMessage({ failed: { message: String(error?.message ?? error), name: error?.name, stack: error?.stack } });
  parentPort.close();
});
