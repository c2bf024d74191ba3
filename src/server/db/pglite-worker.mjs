// The embedded database's own thread (db/pglite-remote.ts starts it): it owns the PGlite instance
// and runs what the server's thread sends, one message at a time, in the order sent. Protocol
// bytes go in and out as they are (the server's thread parses them with PGlite's own parser), so
// types read exactly as they would in the server's thread. Plain JavaScript: the server runs it
// from src/ under tsx and vitest and from dist/ when built, with no loader in this thread.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { listDataFiles, readDataFiles } from './pglite-data-files.mjs';

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
    return { value: listDataFiles(client.mod.FS) };
  },
  // Pieces of files: their bytes, null for a file gone since it was listed. Several small files are read in one message.
  async readDataFiles(client, { pieces }) {
    const out = readDataFiles(client.mod.FS, pieces);
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
