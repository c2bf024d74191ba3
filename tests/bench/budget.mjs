// Every tests/bench/*.bench.mjs exports `run()`, which returns [{ name, value, unit, budget, note }] and
// throws on a broken measurement; a value over its budget fails the bench. A figure whose issue asks
// for strictly less (under 0.5 cores) gives `below` instead: a value at it fails too. A figure where
// more is better (requests per second) gives `floor`: a value under it fails.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchRecord } from './report.mjs';

export const overBudget = (result) =>
  (result.budget !== undefined && result.value > result.budget) ||
  (result.below !== undefined && result.value >= result.below) ||
  (result.floor !== undefined && result.value < result.floor);

/** The budget column: `≤ budget`, `< below` or `≥ floor`. */
export const budgetText = (result) =>
  result.floor !== undefined
    ? `≥ ${result.floor} ${result.unit}`
    : result.below !== undefined
      ? `< ${result.below} ${result.unit}`
      : result.budget === undefined
        ? ''
        : `${result.budget} ${result.unit}`;

/**
 * When node was started on the bench module at `moduleUrl` (`node tests/bench/x.bench.mjs`): runs it,
 * prints its results, and exits 1 when one is over its budget or the run throws.
 */
export async function runAlone(moduleUrl, run) {
  const file = fileURLToPath(moduleUrl);
  if (!process.argv[1] || path.resolve(process.argv[1]) !== file) return;
  const name = path.basename(file, '.bench.mjs');
  const record = benchRecord(name, `node tests/bench/${path.basename(file)}`);
  try {
    const results = await run();
    record.finish(results);
    console.table(results);
    const over = results.filter(overBudget);
    if (over.length) console.error(`${path.basename(file)}: over budget: ${over.map((r) => `${r.name} ${r.value} ${r.unit}, budget ${budgetText(r)}`).join('; ')}`);
    process.exit(over.length ? 1 : 0);
  } catch (error) {
    record.finish([], { error });
    console.error(error);
    process.exit(1);
  }
}
