// Predictive detector benchmark (issue 30, docs/predictive.md): 1,000 boards × 9 channels, 30 simulated
// days of per-hour history (and per-minute for the last 2 days of 100 boards) written into the real
// tables of a fresh embedded database (tmp/bench-predict), ~5 % of the channels degrading towards a
// fault (drift, accelerating drift, flicker, step after maintenance), the others healthy with show
// cycles, noise and glitches. The real detector (the predict.scan job's scanChannels) runs once per
// simulated day from day 8. Budgets: recall ≥ 0.9 (degradations flagged before their fault), median
// lead ≥ 48 h, false preventive orders ≤ 1 per 100 boards per week (findings on healthy channels),
// detector CPU per run ≤ 2 s (the slowest steady run, this process: PGlite runs in it).
// Sizes: PREDICT_BOARDS, PREDICT_DAYS, PREDICT_SEED; PREDICT_REUSE=1 runs the detector again on the fleet
// the last run wrote (no new history). Run alone: node tests/bench/predict.bench.mjs
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';
import { runAlone } from './budget.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function run() {
  const unregister = register();
  let f;
  const boards = Number(process.env.PREDICT_BOARDS ?? 1000);
  try {
    const { measurePredict } = await import(pathToFileURL(path.join(root, 'tests/bench/predict-bench-app.ts')).href);
    f = await measurePredict(
      {
        dir: path.join(root, 'tmp/bench-predict'),
        boards,
        days: Number(process.env.PREDICT_DAYS ?? 30),
        minuteBoards: Math.min(100, boards),
        seed: Number(process.env.PREDICT_SEED ?? 30),
        degradedShare: 0.05,
        firstRunDay: 8,
        reuse: process.env.PREDICT_REUSE === '1',
      },
      (line) => process.stdout.write(`  ${line}\n`),
    );
  } finally {
    await unregister();
  }
  const kinds = Object.entries(f.byKind).map(([k, v]) => `${k} ${v.flagged}/${v.degraded}`).join(', ');
  console.log(
    `predict: recall ${f.recall.toFixed(3)} lead_median_h ${f.leadMedianH.toFixed(1)} false_per_100_boards_week ${f.falsePer100BoardsWeek.toFixed(3)} cpu_s ${f.cpuMaxS.toFixed(2)}`,
  );
  const fleet =
    process.env.PREDICT_REUSE === '1'
      ? `${boards} boards, on the history an earlier run wrote (PREDICT_REUSE), ${f.runs} daily runs`
      : `${boards} boards, ${f.hourCells.toLocaleString('en')} hour and ${f.minuteCells.toLocaleString('en')} minute cells written in ${f.writeS.toFixed(0)} s, ${f.runs} daily runs`;
  return [
    { name: 'recall (degradations flagged before their fault)', value: Number(f.recall.toFixed(3)), unit: '', floor: 0.9, note: `${f.flaggedBeforeFault} of ${f.degraded}: ${kinds}` },
    { name: 'lead time, median', value: Number(f.leadMedianH.toFixed(1)), unit: 'h', floor: 48, note: `10th percentile ${f.leadP10H.toFixed(1)} h` },
    { name: 'false preventive orders (healthy channels)', value: Number(f.falsePer100BoardsWeek.toFixed(3)), unit: 'per 100 boards a week', budget: 1, note: `${f.falseOrders} findings on healthy channels` },
    { name: 'detector CPU per run (slowest)', value: Number(f.cpuMaxS.toFixed(2)), unit: 's', budget: 2, note: `median ${f.cpuMedianS.toFixed(2)} s; ${fleet}` },
    {
      name: 'day summary CPU per day (slowest, before the detector)',
      value: Number(f.summaryCpuMaxS.toFixed(2)),
      unit: 's',
      note: `median ${f.summaryCpuMedianS.toFixed(2)} s: once a day, the hour trend of the day that ended into fall_channel_day (like the hour rollup, outside the detector's budget)`,
    },
  ];
}

await runAlone(import.meta.url, run);
