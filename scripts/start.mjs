// npm start: build the client and the server when missing or older than their sources, then serve UI + API on one port.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { root, serverCommand, stale } from './server.mjs';

// The wall's first-frame renderer is built with the client (dist/ssr); an older build lacks it.
const clientStale =
  stale(path.join(root, 'dist/client/index.html'), ['src/client', 'src/shared', 'index.html', 'public', 'vite.config.ts', 'package-lock.json']) ||
  !existsSync(path.join(root, 'dist/ssr/overview-frame.cjs'));
if (clientStale && process.env.SKIP_BUILD !== '1') {
  // Vite at 'warn' prints nothing while it works (its 'info' lists every one of some hundred
  // chunks): say what is going on, how long it takes here, and when it is done.
  console.log('Building the client (first start, or its sources changed): about 2 minutes on 2 cores; the server starts once it is built…');
  const started = Date.now();
  const res = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (res.status !== 0) {
    console.error(`The client's build failed (exit ${res.status ?? res.signal}): its messages are above.`);
    process.exit(res.status ?? 1);
  }
  console.log(`Client built in ${Math.round((Date.now() - started) / 1000)} s (dist/client). Starting the server…`);
}

const server = spawn(process.execPath, await serverCommand(), { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
