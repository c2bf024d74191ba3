import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Query keys of the client are rooted at the registry's API paths (keysOf / resourceKeys in
 * src/client/lib/resource-keys.ts), so the invalidation after a write and the live topics of the
 * registry reach them. A key written as an inline path string ('/ball/falleqinfo', ...) is the copy
 * that once drifted from its resource; none may come back. The diagnostics screen's keys are not a
 * resource's (the health call, a made-up picker).
 */
const ALLOWED: Record<string, string> = {
  'src/client/features/diagnostics/test-page.tsx': 'the API health call and the kit gallery\'s made-up picker belong to no resource',
};
const INLINE_PATH_KEY = /queryKey(?::|=\{)\s*\[\s*['"`]\//;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

describe('client query keys', () => {
  it('writes no API path inline: every key comes from the resource key factories', () => {
    const files = sources('src/client');
    const inline = files.filter((f) => !ALLOWED[f.split(path.sep).join('/')] && INLINE_PATH_KEY.test(readFileSync(f, 'utf8')));
    expect(inline).toEqual([]);
    expect(files.length).toBeGreaterThan(100);
    expect(INLINE_PATH_KEY.test("queryKey: ['/ball/falleqinfo', 'options']")).toBe(true);
    expect(INLINE_PATH_KEY.test("queryKey={['/ball/fallorder', 'options']}")).toBe(true);
  });
});
