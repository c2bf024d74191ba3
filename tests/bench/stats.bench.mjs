// Statistics benchmark (issue 6): every statistics call on seed:large data (1,000 projects, 100,000
// units, ~1,000,000 orders) in embedded PGlite, median of N runs through app.inject and as bare SQL.
// Budget: 100 ms per call for every query the walls send (30 days by day, 90 days by week, 12 months
// by month, all projects or one). The seeded folder is cached in tmp/bench-large (the first run seeds
// it: about 15 minutes; later runs apply new migrations on open, e.g. 0008's rollup backfill in under a
// minute). Run alone: node tests/bench/stats.bench.mjs
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BUDGET_MS = 100;
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

export async function run() {
  const unregister = register();
  try {
    const { measure } = await import(pathToFileURL(path.join(root, 'tests/bench/stats-bench-app.ts')).href);
    const timings = await measure(path.join(root, 'tmp/bench-large'), RUNS, (line) => process.stdout.write(`  ${line}\n`));
    return timings.map((t) => ({
      name: t.name,
      value: t.injectMs,
      unit: 'ms',
      budget: BUDGET_MS,
      note: `bare SQL ${t.sqlMs} ms, HTTP/SQL ×${(t.injectMs / Math.max(0.1, t.sqlMs)).toFixed(2)}`,
    }));
  } finally {
    await unregister();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const rows = await run();
  console.table(rows);
  const over = rows.filter((r) => r.budget !== undefined && r.value > r.budget);
  if (over.length) {
    console.error(`stats bench: ${over.length} call(s) over ${BUDGET_MS} ms: ${over.map((r) => r.name).join(', ')}`);
    process.exit(1);
  }
}
