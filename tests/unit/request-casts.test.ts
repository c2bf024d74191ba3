import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Handlers read request.body/query/params as their route schema types them (AppInstance): the lint
 * in eslint.config.js refuses a cast of one outside tests. This proves the rule bites, and that no
 * server file casts one.
 */
const root = process.cwd();
const CAST = /\b(request|req)\.(body|query|params)\s+as\b/;

function serverFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return serverFiles(rel);
    return rel.endsWith('.ts') && !rel.endsWith('.test.ts') ? [rel] : [];
  });
}

async function castErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await new ESLint({ cwd: root }).lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('request parts are typed by their schema, never cast', () => {
  it('refuses a cast of body, query or params in a server file, and lets a typed read and a test file through', async () => {
    const handler = (read: string) =>
      `import type { AppInstance } from '../../app-instance';\nexport function r(app: AppInstance): void {\n  app.post('/x', async (request) => {\n    ${read}\n    return x;\n  });\n}\n`;
    const file = 'src/server/modules/fixture/fixture.routes.ts';
    expect(await castErrors(handler('const x = request.body as { id: number };'), file)).toHaveLength(1);
    expect(await castErrors(handler('const x = (request.query as { q?: string }).q;'), file)).toHaveLength(1);
    expect(await castErrors(handler('const x = (request.params as Record<string, unknown> | undefined)?.id;'), file)).toHaveLength(1);
    expect(await castErrors(handler('const x = request.body;'), file)).toEqual([]);
    expect(await castErrors(handler('const x = request.body as { id: number };'), 'src/server/modules/fixture/fixture.test.ts')).toEqual([]);
  }, 60_000);

  it('finds no cast of a request part in any server file outside tests', () => {
    const casting = serverFiles('src/server').filter((f) => CAST.test(readFileSync(path.join(root, f), 'utf8')));
    expect(casting).toEqual([]);
  });
});
