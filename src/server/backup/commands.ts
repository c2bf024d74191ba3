import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ServerConfig } from '../config';
import { openPglite, openPostgres } from '../db/client';
import { SchemaNewerError } from '../db/migrate';
import { createBackup, type BackupManifest, type BackupMethod } from './backup';
import { CONTROL_BACKUP_PATH, CONTROL_HEADER, DataDirHeldError, holdDataDir, readControl } from './control';
import { RestoreRefusedError, restoreBackup, verifyBackup } from './restore';

/** Exit codes: 0 done, 1 failed, 2 refused (a damaged or newer backup, a target that is not empty, a folder in use), 64 usage. */
export const EXIT = { ok: 0, failed: 1, refused: 2, usage: 64 } as const;

type Out = (line: string) => void;

/** Where the embedded database lives in DATA_DIR (as main.ts opens it). */
export const pgliteDir = (config: Pick<ServerConfig, 'dataDir'>) => path.join(config.dataDir, 'pglite');

function summary(manifest: BackupManifest): string {
  const rows = Object.values(manifest.tables).reduce((s, t) => s + t.rows, 0);
  const parts = [
    `${Object.keys(manifest.tables).length} tables, ${rows} rows (${manifest.database.method}), schema ${manifest.migrations.newest ?? 'none'}`,
    `${manifest.files.copied} files (${manifest.files.bytes} bytes)`,
  ];
  if (manifest.files.missing.length) parts.push(`${manifest.files.missing.length} files named by rows were not in the files folder`);
  if (manifest.files.notCopied) parts.push(`${manifest.files.notCopied} files in S3 storage not copied`);
  return parts.join('; ');
}

/** Fetches the backup from the server that holds the data folder (control.json). */
async function backupFromServer(port: number, token: string, file: string): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${port}${CONTROL_BACKUP_PATH}`, { method: 'POST', headers: { [CONTROL_HEADER]: token } });
  if (!res.ok || !res.body) throw new Error(`the running server refused the backup (HTTP ${res.status})`);
  const partial = `${file}.part-${randomBytes(4).toString('hex')}`;
  try {
    await pipeline(Readable.fromWeb(res.body as never), createWriteStream(partial, { mode: 0o600 }));
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
}

/**
 * `npm run backup -- FILE [--logical]`. PostgreSQL: read directly (pg_dump when its version
 * matches the server's). Embedded: from the running server when one holds the data folder, else
 * from the folder, held meanwhile.
 */
export async function backupCommand(args: string[], config: ServerConfig, out: Out): Promise<number> {
  const positional = args.filter((a) => !a.startsWith('--'));
  const unknown = args.filter((a) => a.startsWith('--') && a !== '--logical');
  if (positional.length !== 1 || unknown.length) {
    out('usage: npm run backup -- FILE [--logical]   (FILE: where the backup goes, e.g. cascade-2026-11-28.tar.gz)');
    return EXIT.usage;
  }
  const file = path.resolve(positional[0]);
  const method: BackupMethod | 'auto' = args.includes('--logical') ? 'logical' : 'auto';
  await mkdir(path.dirname(file), { recursive: true });
  try {
    let manifest: BackupManifest;
    if (config.databaseUrl) {
      const database = await openPostgres(config.databaseUrl, 2);
      try {
        manifest = await createBackup({ database, url: config.databaseUrl, filesDir: config.filesDir, version: config.version }, file, { method });
      } finally {
        await database.close();
      }
    } else {
      const holder = await readControl(config.dataDir);
      if (holder?.holder === 'server') {
        if (!holder.port || !holder.token) {
          out(`The server (pid ${holder.pid}) is still starting; try again once it answers.`);
          return EXIT.refused;
        }
        out(`The server (pid ${holder.pid}) holds ${config.dataDir}: asking it for the backup.`);
        await backupFromServer(holder.port, holder.token, file);
        manifest = await verifyBackup(file);
      } else {
        const hold = await holdDataDir(config.dataDir, 'backup');
        try {
          const dir = pgliteDir(config);
          if (!(await readdir(dir).catch(() => [])).length) {
            out(`No database in ${dir}: nothing to back up.`);
            return EXIT.failed;
          }
          const database = await openPglite(dir);
          try {
            manifest = await createBackup({ database, filesDir: config.filesDir, version: config.version, alone: true }, file, { method });
          } finally {
            await database.close();
          }
        } finally {
          await hold.release();
        }
      }
    }
    out(`Backup written to ${file}: ${summary(manifest)}.`);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof DataDirHeldError) {
      out(error.message);
      return EXIT.refused;
    }
    out(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT.failed;
  }
}

/**
 * `npm run restore -- FILE [--force]` into DATABASE_URL (an empty database) or DATA_DIR (a new
 * data folder), and the uploaded files into FILES_DIR. Stop the server first.
 */
export async function restoreCommand(args: string[], config: ServerConfig, out: Out): Promise<number> {
  const positional = args.filter((a) => !a.startsWith('--'));
  const unknown = args.filter((a) => a.startsWith('--') && a !== '--force');
  if (positional.length !== 1 || unknown.length) {
    out('usage: npm run restore -- FILE [--force]   (--force: replace a database that is not empty)');
    return EXIT.usage;
  }
  const file = path.resolve(positional[0]);
  const force = args.includes('--force');
  let hold: Awaited<ReturnType<typeof holdDataDir>> | null = null;
  try {
    if (!config.databaseUrl) hold = await holdDataDir(config.dataDir, 'restore');
    const result = await restoreBackup(file, {
      target: config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dir: pgliteDir(config) },
      filesDir: config.filesDir,
      force,
      log: (line) => out(`restore: ${line}`),
    });
    out(`Restored ${file} (Cascade ${result.manifest.cascadeVersion}, ${result.manifest.createdAt}): ${summary(result.manifest)}.`);
    if (result.replaced) out(`The data folder it replaced is kept as ${result.replaced}.`);
    out('Every table matches the backup. Start the server (npm start): it runs the migrations this build has beyond the backup.');
    return EXIT.ok;
  } catch (error) {
    if (error instanceof RestoreRefusedError || error instanceof SchemaNewerError || error instanceof DataDirHeldError) {
      out(`Restore refused: ${error.message}`);
      return EXIT.refused;
    }
    out(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT.failed;
  } finally {
    await hold?.release();
  }
}
