import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { BACKUP_KEEP_DEFAULT, BACKUP_KEEP_MAX } from '@shared/constants';
import { registerJobHandler } from '../jobs/registry';
import { createBackup } from './backup';

/** The job's backups: cascade-backup-<UTC time>.tar.gz, so their names sort by age. */
const NAME = /^cascade-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz$/;

export function backupName(at = new Date()): string {
  return `cascade-backup-${at.toISOString().slice(0, 19).replace(/:/g, '-')}Z.tar.gz`;
}

/** Deletes the job's backups in `dir` beyond the newest `keep`; other files there are left alone. Returns the names removed. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir)).filter((n) => NAME.test(n)).sort().reverse();
  const old = names.slice(keep);
  for (const name of old) await rm(path.join(dir, name), { force: true });
  return old;
}

/**
 * The scheduled backup (job "backup", seeded paused by 0028): a backup of the running server into
 * BACKUP_DIR (DATA_DIR/backups), then only the newest `keep` kept. The folder is the server's
 * setting, not a parameter: the job screen must not be a way to write files anywhere.
 */
registerJobHandler({
  name: 'backup',
  description: 'job.handler.backup',
  params: z.strictObject({ keep: z.number().int().min(1).max(BACKUP_KEEP_MAX).optional() }),
  async run({ app }, params) {
    const keep = params.keep ?? BACKUP_KEEP_DEFAULT;
    const dir = app.config.backupDir;
    const file = backupName();
    const manifest = await createBackup({ database: app.database, url: app.config.databaseUrl, filesDir: app.config.filesDir, version: app.config.version }, path.join(dir, file));
    const removed = await pruneBackups(dir, keep);
    return {
      file,
      method: manifest.database.method,
      rows: Object.values(manifest.tables).reduce((s, t) => s + t.rows, 0),
      files: manifest.files.copied,
      missingFiles: manifest.files.missing.length,
      s3FilesNotCopied: manifest.files.notCopied,
      kept: keep,
      removed,
    };
  },
});
