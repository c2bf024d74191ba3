// Statistics benchmark (budget 100 ms a call): every statistics call on seed:large data (1,000 projects, 100,000
// units, ~1,000,000 orders) in embedded PGlite, median of N runs through app.inject and as bare SQL.
// Budget: 100 ms per call for every query the walls send (30 days by day, 90 days by week, 12 months
// by month, all projects or one). The seeded folder is cached in tmp/bench-large (the first run seeds
// it: about 15 minutes; later runs apply new migrations on open, e.g. 0008's rollup backfill in under a
// minute). Run alone: node tests/bench/stats.bench.mjs
import { runAlone } from './budget.mjs';
import { measureOnLarge } from './large-bench.mjs';

const BUDGET_MS = 100;

export async function run() {
  const timings = await measureOnLarge('stats-bench-app.ts', 'measure');
  return timings.map((t) => ({
    name: t.name,
    value: t.injectMs,
    unit: 'ms',
    budget: BUDGET_MS,
    note: `bare SQL ${t.sqlMs} ms, HTTP/SQL ×${(t.injectMs / Math.max(0.1, t.sqlMs)).toFixed(2)}`,
  }));
}

await runAlone(import.meta.url, run);
