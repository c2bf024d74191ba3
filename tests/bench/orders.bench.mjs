// Order-list benchmark (issue 5): POST /ball/fallorder/list on ~1,000,000 orders in embedded PGlite
// (the seed:large folder cached in tmp/bench-large, shared with stats.bench.mjs), median of N calls,
// each next to the bare SQL of the same page. Budget: 100 ms per call.
// Run alone: node tests/bench/orders.bench.mjs
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BUDGET_MS = 100;
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

export async function run() {
  const unregister = register();
  try {
    const { measureOrders } = await import(pathToFileURL(path.join(root, 'tests/bench/orders-bench-app.ts')).href);
    const timings = await measureOrders(path.join(root, 'tmp/bench-large'), RUNS, (line) => process.stdout.write(`  ${line}\n`));
    return timings.map((t) => ({
      name: `order list: ${t.name}`,
      value: t.injectMs,
      unit: 'ms',
      budget: BUDGET_MS,
      note: `bare SQL ${t.sqlMs} ms, endpoint/SQL ×${(t.injectMs / Math.max(0.1, t.sqlMs)).toFixed(2)}`,
    }));
  } finally {
    await unregister();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const rows = await run();
  console.table(rows);
  const over = rows.filter((r) => r.value > r.budget);
  if (over.length) {
    console.error(`orders bench: ${over.length} case(s) over ${BUDGET_MS} ms`);
    process.exit(1);
  }
}
