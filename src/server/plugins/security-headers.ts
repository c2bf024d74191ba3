import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for `options`, worked out once. They depend on the options only (no
 * nonces, no directive computed per request), so every answer gets the same list: @fastify/helmet
 * built helmet's middleware again on every request, parsing the CSP directives each time (~0.07 ms
 * of CPU an API call under the order list's load, docs/decisions.md "A list near a hand-written one").
 */
export function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers: [string, string][] = [];
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      if (typeof value !== 'string') throw new Error(`helmet header ${name}: expected text, got ${typeof value}`);
      headers.push([name.toLowerCase(), value]);
    },
    // X-Powered-By: Fastify never sets it.
    removeHeader() {},
  };
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Helmet's security headers on every answer, written onto the Node response as helmet would (the
 * static files' setHeaders takes the document ones off again there, app.ts setClientFileHeaders).
 */
export const securityHeadersPlugin = fp<HelmetOptions>(async (app, options) => {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (let i = 0; i < headers.length; i++) raw.setHeader(headers[i][0], headers[i][1]);
    done();
  });
});
