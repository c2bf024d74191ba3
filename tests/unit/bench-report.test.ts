import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

type Row = { name: string; value: number; unit: string; budget?: number; floor?: number; note?: string };
type Report = {
  benchRecord: (name: string, command: string) => { finish: (results: Row[], opts?: { file?: string; error?: Error }) => void };
};
// The bench harness is plain ES modules run by node; the test loads it the way node does.
const report = (await import(pathToFileURL(path.resolve('tests/bench/report.mjs')).href)) as Report;

describe('docs/benchmarks.md written by the benches', () => {
  const file = () => {
    const f = path.join(mkdtempSync(path.join(os.tmpdir(), 'bench-md-')), 'benchmarks.md');
    writeFileSync(f, '# Benchmarks\n\nHow to read it.\n\n<!-- generated: last runs -->\n<!-- /generated -->\n\n## History\n\nBy hand.\n');
    return f;
  };

  it('writes each bench its own section with command, load, rows and budgets, keeping the hand-written parts', () => {
    const f = file();
    report.benchRecord('orders', 'npm run bench -- orders').finish([{ name: 'list p99', value: 80, unit: 'ms', budget: 100, note: 'load 1.0' }], { file: f });
    report.benchRecord('bundle', 'npm run bench -- bundle').finish([{ name: 'list | KB', value: 409, unit: 'KB', budget: 320 }], { file: f });
    const text = readFileSync(f, 'utf8');
    expect(text).toContain('How to read it.');
    expect(text).toContain('## History\n\nBy hand.');
    expect(text).toMatch(/`npm run bench -- orders` · \d{4}-\d\d-\d\d \d\d:\d\d UTC · load average [\d.]+ → [\d.]+ · \d+ cores/);
    expect(text).toContain('| list p99 | 80 ms | 100 ms | ok | load 1.0 |');
    expect(text).toContain('| list \\| KB | 409 KB | 320 KB | **over** |  |');
    expect(text).toContain('1 over budget');
    // sections in name order, each once
    expect(text.indexOf('<!-- bench:bundle -->')).toBeLessThan(text.indexOf('<!-- bench:orders -->'));
  });

  it('replaces a bench section on its next run and records a run that failed', () => {
    const f = file();
    report.benchRecord('orders', 'npm run bench -- orders').finish([{ name: 'list p99', value: 80, unit: 'ms', budget: 100 }], { file: f });
    report.benchRecord('orders', 'npm run bench -- orders').finish([], { file: f, error: new Error('server did not start') });
    const text = readFileSync(f, 'utf8');
    expect(text.match(/<!-- bench:orders -->/g)).toHaveLength(1);
    expect(text).not.toContain('list p99');
    expect(text).toContain('failed: server did not start');
  });

  it('refuses a file without the generated part instead of writing over people’s text', () => {
    const f = file();
    writeFileSync(f, '# Benchmarks\n\nonly prose\n');
    expect(() => report.benchRecord('x', 'x').finish([], { file: f })).toThrow(/generated/);
    expect(readFileSync(f, 'utf8')).toBe('# Benchmarks\n\nonly prose\n');
  });
});
