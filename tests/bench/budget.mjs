// Every tests/bench/*.bench.mjs exports `run()`, which returns [{ name, value, unit, budget, note }] and
// throws on a broken measurement; a value over its budget fails the bench.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const overBudget = (result) => result.budget !== undefined && result.value > result.budget;

/**
 * When node was started on the bench module at `moduleUrl` (`node tests/bench/x.bench.mjs`): runs it,
 * prints its results, and exits 1 when one is over its budget or the run throws.
 */
export async function runAlone(moduleUrl, run) {
  const file = fileURLToPath(moduleUrl);
  if (!process.argv[1] || path.resolve(process.argv[1]) !== file) return;
  try {
    const results = await run();
    console.table(results);
    const over = results.filter(overBudget);
    if (over.length) console.error(`${path.basename(file)}: over budget: ${over.map((r) => `${r.name} ${r.value} ${r.unit} > ${r.budget} ${r.unit}`).join('; ')}`);
    process.exit(over.length ? 1 : 0);
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
