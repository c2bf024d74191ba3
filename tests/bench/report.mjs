// docs/benchmarks.md is written by the benches: each bench's last run replaces its own section
// (between `<!-- bench:NAME -->` and `<!-- /bench:NAME -->`), with the command, the date, the
// machine's load and every row beside its budget, so the figures a reader sees are the last run's.
// What is outside the sections (how to read them, figures measured by hand and their history) is
// written by people and kept as it is.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { budgetText, overBudget } from './budget.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
export const BENCHMARKS_FILE = path.join(root, 'docs/benchmarks.md');
const GENERATED_START = '<!-- generated: last runs -->';
const GENERATED_END = '<!-- /generated -->';

const cell = (text) => String(text).replaceAll('|', '\\|').replaceAll('\n', ' ');
const load = () => os.loadavg()[0].toFixed(1);

/** Starts a bench's record: call before it runs, `finish(results)` after. */
export function benchRecord(name, command) {
  const started = new Date();
  const loadBefore = load();
  return {
    finish(results, { file = BENCHMARKS_FILE, error } = {}) {
      const section = renderSection({ name, command, started, loadBefore, loadAfter: load(), results, error });
      writeSection(file, name, section);
    },
  };
}

export function renderSection({ name, command, started, loadBefore, loadAfter, results, error }) {
  const over = results.filter(overBudget).length;
  const verdict = error ? `failed: ${cell(error.message ?? error)}` : over ? `${over} over budget` : 'every row within budget';
  const lines = [
    `<!-- bench:${name} -->`,
    `### ${name}`,
    '',
    `\`${command}\` · ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC · load average ${loadBefore} → ${loadAfter} · ` +
      `${os.availableParallelism?.() ?? os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version} · ${verdict}`,
    '',
  ];
  if (results.length) {
    lines.push('| row | value | budget | | note |', '|---|---|---|---|---|');
    for (const r of results) lines.push(`| ${cell(r.name)} | ${cell(`${r.value} ${r.unit}`)} | ${cell(budgetText(r))} | ${overBudget(r) ? '**over**' : 'ok'} | ${cell(r.note ?? '')} |`);
  }
  lines.push(`<!-- /bench:${name} -->`);
  return lines.join('\n');
}

/** Replaces (or adds, in name order) one bench's section in the generated part of the file. */
export function writeSection(file, name, section) {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : `# Benchmarks\n\n${GENERATED_START}\n${GENERATED_END}\n`;
  const start = text.indexOf(GENERATED_START);
  const end = text.indexOf(GENERATED_END);
  if (start < 0 || end < start) throw new Error(`${path.relative(root, file)}: no "${GENERATED_START}" … "${GENERATED_END}" part to write into`);
  const inner = text.slice(start + GENERATED_START.length, end);
  const sections = new Map();
  for (const m of inner.matchAll(/<!-- bench:([\w-]+) -->[\s\S]*?<!-- \/bench:\1 -->/g)) sections.set(m[1], m[0]);
  sections.set(name, section);
  const body = [...sections.keys()].sort().map((k) => sections.get(k)).join('\n\n');
  writeFileSync(file, `${text.slice(0, start)}${GENERATED_START}\n${body}\n${text.slice(end)}`);
}
