// The benchmarks on seed:large (statistics, order list) measure in TypeScript against the server code:
// this loads their TypeScript half through tsx and runs it on the data folder they share,
// tmp/bench-large (made on the first run, several minutes).
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

/** Calls `measure(dir, runs, log)` exported as `exportName` by tests/bench/`file`; resolves to its timings. */
export async function measureOnLarge(file, exportName) {
  const unregister = register();
  try {
    const module = await import(pathToFileURL(path.join(root, 'tests/bench', file)).href);
    return await module[exportName](path.join(root, 'tmp/bench-large'), RUNS, (line) => process.stdout.write(`  ${line}\n`));
  } finally {
    await unregister();
  }
}
