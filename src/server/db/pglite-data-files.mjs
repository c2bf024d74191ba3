// The embedded database's data folder read from PGlite's own file system, for an online copy
// (backup/live-copy.ts): the file list, then pieces of files. One piece of code for both places
// that hold the PGlite instance: the database's thread (pglite-worker.mjs) and this thread
// (PGLITE_THREAD=main). Plain JavaScript, as the worker is: it runs with no loader in that thread.

/** Where PGlite keeps its data folder in its own file system (a data folder on disk is mounted there). */
export const PGDATA = '/pglite/data';

/** Every folder and file under the data folder, paths relative to it. */
export function listDataFiles(FS) {
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
  return { dirs, files };
}

/**
 * Pieces of files ({ path, offset, length } each): their bytes, null for a file gone since it was
 * listed (a table dropped, a WAL segment recycled). A path must stay inside the data folder.
 */
export function readDataFiles(FS, pieces) {
  return pieces.map(({ path, offset, length }) => {
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
}
