// Backup stall (issue 37, docs/backup.md): how long the server's writes wait while a backup of the
// embedded database is made. An embedded database in a data folder (tmp/bench-backup-stall) with
// BACKUP_STALL_READINGS readings of history (400,000 unless set), one write transaction after another
// (5 ms apart), each one's wait measured: for BACKUP_STALL_REFERENCE_S seconds (5) with no backup (the
// reference), during a backup as the server makes it (its online copy, backup/live-copy.ts), and during
// a backup read in place (one snapshot transaction for the whole dump, as before issue 37). Budget: the
// longest write during a backup ≤ 1,000 ms. Run alone: node tests/bench/backup-stall.bench.mjs
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';
import { runAlone } from './budget.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function run() {
  const unregister = register();
  let f;
  const readings = Number(process.env.BACKUP_STALL_READINGS ?? 400_000);
  try {
    const { measureStall } = await import(pathToFileURL(path.join(root, 'tests/bench/backup-stall-app.ts')).href);
    f = await measureStall(
      { dir: path.join(root, 'tmp/bench-backup-stall'), readings, referenceMs: Number(process.env.BACKUP_STALL_REFERENCE_S ?? 5) * 1000 },
      (line) => process.stdout.write(`  ${line}\n`),
    );
  } finally {
    await unregister();
  }
  const size = `${readings.toLocaleString('en')} readings, tables ${(f.dataBytes / 2 ** 20).toFixed(0)} MB; load average ${os.loadavg()[0].toFixed(1)}`;
  const ms = (v) => Math.round(v);
  return [
    {
      name: 'longest write stall during a backup (embedded)',
      value: ms(f.online.longestMs),
      unit: 'ms',
      budget: 1000,
      note: `${f.online.writes} writes saved during the ${(f.online.tookMs / 1000).toFixed(1)} s backup (online copy, then the dump of the copy); ${size}`,
    },
    { name: 'longest write stall without a backup (reference)', value: ms(f.reference.longestMs), unit: 'ms', note: `${f.reference.writes} writes over ${(f.reference.tookMs / 1000).toFixed(0)} s` },
    {
      name: 'longest write stall, backup read in place (before issue 37)',
      value: ms(f.inPlace.longestMs),
      unit: 'ms',
      note: `${f.inPlace.writes} writes during the ${(f.inPlace.tookMs / 1000).toFixed(1)} s backup: one snapshot transaction held the engine's one connection for the dump`,
    },
  ];
}

await runAlone(import.meta.url, run);
