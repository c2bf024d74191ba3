// npm start: build the client when it is missing or older than its sources, then serve UI + API on one port.
import { spawn, spawnSync } from 'node:child_process';
import { SERVER_NODE_ARGS } from './server-node-args.mjs';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const built = path.join(root, 'dist/client/index.html');

function newest(p) {
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const name of readdirSync(p)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    max = Math.max(max, newest(path.join(p, name)));
  }
  return max;
}

const sources = ['src/client', 'src/shared', 'index.html', 'public', 'vite.config.ts', 'package-lock.json']
  .map((p) => path.join(root, p))
  .filter(existsSync);
// The wall's first-frame renderer is built with the client (dist/ssr); an older build lacks it.
const stale = !existsSync(built) || !existsSync(path.join(root, 'dist/ssr/overview-frame.cjs')) || Math.max(...sources.map(newest)) > statSync(built).mtimeMs;
if (stale && process.env.SKIP_BUILD !== '1') {
  console.log('Building the client (first start or sources changed)…');
  const res = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

const server = spawn(process.execPath, [...SERVER_NODE_ARGS, path.join(root, 'src/server/main.ts')], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
