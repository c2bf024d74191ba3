import { Writable } from 'node:stream';

/**
 * A log stream for an app under test (`createTestApp(…, { logStream })`, `buildApp({ logStream })`)
 * that keeps each line it is given, in order: for tests of what the log holds and never holds.
 */
export function logCapture(): { stream: Writable; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { stream, lines };
}
