import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { sendExport } from './export';

/**
 * Exports against a real listening server: a list without end (each batch costs what a page of the
 * log costs to read), read by a client that stays, and by one that leaves.
 */
describe('exports stream in bounded batches', () => {
  let t: TestApp;
  let address: string;
  const produced = { csv: 0, xlsx: 0 };

  beforeAll(async () => {
    t = await createTestApp({}, (app) => {
      for (const format of ['csv', 'xlsx'] as const) {
        app.get(`/api/test-export/${format}`, { config: { permission: 'public' } }, async (_request, reply) =>
          sendExport(reply, {
            name: 'endless',
            format,
            columns: [
              { prop: 'id', label: 'Id' },
              { prop: 'text', label: 'Text' },
            ],
            batches: async function* () {
              for (let batch = 0; ; batch++) {
                produced[format]++;
                yield Array.from({ length: 1000 }, (_, i) => ({ id: batch * 1000 + i, text: 'x'.repeat(200) }));
              }
            },
          }),
        );
      }
    });
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    t.app.server.closeAllConnections();
    await t.close();
  });

  it.each(['csv', 'xlsx'] as const)('%s: answers health checks while exporting, and stops reading when the client leaves', async (format) => {
    const controller = new AbortController();
    const res = await fetch(`${address}/api/test-export/${format}`, { signal: controller.signal });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    await reader.read();
    // The client reads nothing more for a while: the server must wait for it, not read on.
    let slowest = 0;
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await (await fetch(`${address}/api/health`)).arrayBuffer();
      slowest = Math.max(slowest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const whileStalled = produced[format];
    // The workbook's zip writer (exceljs) keeps its own buffers ahead of the stream the server waits on,
    // so an xlsx reads further ahead of a stalled client than a csv before it waits (63 batches seen).
    expect(whileStalled).toBeLessThan(format === 'xlsx' ? 150 : 50);
    // Health answered at all (a server reading on for the stalled client would not): how fast is printed,
    // not judged. The client leaves; once the server has noticed, reading stays where it stopped.
    controller.abort();
    let afterLeaving = produced[format];
    for (let steady = 0; steady < 5; ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      steady = produced[format] === afterLeaving ? steady + 1 : 0;
      afterLeaving = produced[format];
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(produced[format]).toBe(afterLeaving);
    process.stdout.write(`export ${format}: ${whileStalled} batches read for a stalled client, health answered within ${slowest.toFixed(0)} ms, reading stopped once it left\n`);
  });
});
