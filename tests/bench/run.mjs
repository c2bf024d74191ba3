// npm run bench: every tests/bench/*.bench.mjs module in turn (each exports `run()` that returns
// [{ name, value, unit, budget }] and throws on a broken measurement). A result over its budget fails the run.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { budgetText, overBudget } from './budget.mjs';
import { benchRecord } from './report.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const only = process.argv.slice(2);
const files = readdirSync(path.join(root, 'tests/bench'))
  .filter((f) => f.endsWith('.bench.mjs'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

let over = 0;
const rows = [];
for (const file of files) {
  console.log(`\n== ${file}`);
  const name = file.replace('.bench.mjs', '');
  const record = benchRecord(name, `npm run bench -- ${name}`);
  const mod = await import(pathToFileURL(path.join(root, 'tests/bench', file)).href);
  let results;
  try {
    results = (await mod.run()) ?? [];
  } catch (error) {
    record.finish([], { error });
    throw error;
  }
  record.finish(results);
  for (const r of results) {
    const ok = !overBudget(r);
    if (!ok) over += 1;
    rows.push({ bench: name, name: r.name, value: `${r.value} ${r.unit}`, budget: budgetText(r), ok: ok ? 'ok' : 'OVER BUDGET', note: r.note ?? '' });
  }
}
console.log('');
console.table(rows);
console.log(`bench: ${rows.length - over} passed, ${over} failed (docs/benchmarks.md: the sections of the benches run)`);
if (over > 0) process.exit(1);
