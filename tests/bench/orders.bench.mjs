// Order-list benchmark (docs/operations-work.md "A million orders"): POST /ball/fallorder/list on ~1,000,000 orders in embedded PGlite
// (the seed:large folder cached in tmp/bench-large, shared with stats.bench.mjs), median of N calls,
// each next to the bare SQL of the same page. Budget: 100 ms per call.
// Run alone: node tests/bench/orders.bench.mjs
import { runAlone } from './budget.mjs';
import { measureOnLarge } from './large-bench.mjs';

const BUDGET_MS = 100;

export async function run() {
  const timings = await measureOnLarge('orders-bench-app.ts', 'measureOrders');
  return timings.map((t) => ({
    name: `order list: ${t.name}`,
    value: t.injectMs,
    unit: 'ms',
    budget: BUDGET_MS,
    note: `bare SQL ${t.sqlMs} ms, endpoint/SQL ×${(t.injectMs / Math.max(0.1, t.sqlMs)).toFixed(2)}`,
  }));
}

await runAlone(import.meta.url, run);
