import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, readFileSync, rmSync } from 'node:fs';
import { mkdir, open, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createBackup } from './backup';

/**
 * DATA_DIR/control.json: who holds the embedded data folder. The server writes it (mode 0600)
 * before it opens the database, with its pid, and once it listens its port and a random token;
 * it removes it when it stops. `npm run backup` then asks the server for the backup through a
 * loopback-only endpoint that wants the token, and opens the folder itself only when nobody holds
 * it; `npm run restore` holds the folder the same way while it works, so a server does not start
 * on a half-restored folder.
 */
export const CONTROL_FILE = 'control.json';
/** The header that carries the token to the control endpoint. */
export const CONTROL_HEADER = 'x-cascade-control';
export const CONTROL_BACKUP_PATH = '/_control/backup';

export interface ControlInfo {
  pid: number;
  /** 'server' or 'restore' / 'backup': what holds the folder. */
  holder: string;
  port?: number;
  token?: string;
  since: string;
}

export class DataDirHeldError extends Error {
  constructor(readonly info: ControlInfo, dataDir: string) {
    super(
      `${dataDir} is in use by another process (${info.holder}, pid ${info.pid}${info.port ? `, port ${info.port}` : ''}, since ${info.since}). ` +
        `Stop it first; if no such process runs, delete ${path.join(dataDir, CONTROL_FILE)}.`,
    );
    this.name = 'DataDirHeldError';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The holder of a data folder, or null when none (no file, or its process is gone). */
export async function readControl(dataDir: string): Promise<ControlInfo | null> {
  let info: ControlInfo;
  try {
    info = JSON.parse(await readFile(path.join(dataDir, CONTROL_FILE), 'utf8')) as ControlInfo;
  } catch {
    return null;
  }
  return typeof info.pid === 'number' && alive(info.pid) ? info : null;
}

export interface DataDirHold {
  info: ControlInfo;
  /** Adds the port the server listens on and a new token. */
  listening(port: number): Promise<void>;
  release(): Promise<void>;
}

/**
 * Takes the data folder for this process (refused with DataDirHeldError while another live process
 * holds it; a file left by a process that died is taken over).
 */
export async function holdDataDir(dataDir: string, holder: string): Promise<DataDirHold> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, CONTROL_FILE);
  const info: ControlInfo = { pid: process.pid, holder, since: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      const handle = await open(file, 'wx', 0o600);
      await handle.writeFile(JSON.stringify(info));
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw error;
      const other = await readControl(dataDir);
      if (other && other.pid !== process.pid) throw new DataDirHeldError(other, dataDir);
      await rm(file, { force: true });
    }
  }
  let released = false;
  const releaseSync = () => {
    if (released) return;
    released = true;
    try {
      const now = JSON.parse(readFileSync(file, 'utf8')) as ControlInfo;
      if (now.pid === process.pid) rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
  process.once('exit', releaseSync);
  return {
    info,
    async listening(port) {
      info.port = port;
      info.token = randomBytes(32).toString('base64url');
      await writeFile(file, JSON.stringify(info), { mode: 0o600 });
    },
    async release() {
      process.removeListener('exit', releaseSync);
      releaseSync();
    },
  };
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function sameToken(given: unknown, token: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * POST /_control/backup: the backup of the running server, as the archive's bytes. Only from this
 * machine (the socket's address, whatever a proxy header says) and with the token of control.json,
 * which only the account the server runs as can read. Not part of the API: no session opens it.
 */
export function controlRoutes(app: FastifyInstance, token: () => string | undefined): void {
  app.post(CONTROL_BACKUP_PATH, { config: { permission: 'public', log: false } }, async (request, reply) => {
    const expected = token();
    if (!LOOPBACK.has(request.socket.remoteAddress ?? '') || request.headers['x-forwarded-for'] || !expected || !sameToken(request.headers[CONTROL_HEADER], expected)) {
      return reply.code(403).type('text/plain').send('forbidden');
    }
    const dir = path.join(app.config.dataDir, 'backups', '.control');
    const file = path.join(dir, `control-${randomBytes(6).toString('hex')}.tar.gz`);
    try {
      const manifest = await createBackup({ database: app.database, url: app.config.databaseUrl, filesDir: app.config.filesDir, version: app.config.version }, file);
      app.log.info({ tables: Object.keys(manifest.tables).length, files: manifest.files.copied }, 'backup sent to the backup command');
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
    const stream = createReadStream(file);
    stream.on('close', () => void rm(file, { force: true }));
    return reply.type('application/gzip').send(stream);
  });
}
