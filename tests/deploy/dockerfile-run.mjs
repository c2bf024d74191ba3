// node tests/deploy/dockerfile-run.mjs: runs deploy/Dockerfile's own steps on a clean copy of the
// project, on a machine with no container engine (these machines have none): the same commands, as
// the same user, at the same paths — then starts the image's CMD and checks it serves, as the
// Dockerfile's user, writing only to its volume, and stops on SIGTERM.
//
// How: each stage gets a folder of its own under tmp/dockerfile-run/; every absolute path the
// Dockerfile names (WORKDIR, VOLUME, the destinations of COPY) is bind-mounted from that folder onto
// the same path in a private mount namespace (`unshare --mount`), so `/app` and `/var/lib/cascade`
// are the stage's and nothing outside them is touched. The base image is this machine itself:
// node:20-bookworm-slim is Debian 12 with Node 20, which is what these machines are. Needs root.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const work = path.join(root, 'tmp/dockerfile-run');
const log = (line) => console.log(`dockerfile-run: ${line}`);

if (process.getuid?.() !== 0) {
  console.error('dockerfile-run: needs root (bind mounts and the Dockerfile user), as CI has');
  process.exit(2);
}

/** The Dockerfile as instructions: continuation lines joined, comments dropped. */
export function parseDockerfile(text) {
  const out = [];
  let current = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!current && (line === '' || line.startsWith('#'))) continue;
    current += current ? ` ${line.replace(/\\$/, '').trim()}` : line.replace(/\\$/, '').trim();
    if (line.endsWith('\\')) continue;
    const [, op, rest] = current.match(/^(\w+)\s+([\s\S]*)$/) ?? [];
    if (!op) throw new Error(`cannot read: ${current}`);
    out.push({ op: op.toUpperCase(), args: rest });
    current = '';
  }
  return out;
}

const execForm = (args) => (args.trim().startsWith('[') ? JSON.parse(args) : ['/bin/sh', '-c', args]);

/** The stages with their steps, and every absolute path a stage names (what gets bind-mounted). */
function stagesOf(instructions) {
  const stages = [];
  for (const ins of instructions) {
    if (ins.op === 'FROM') {
      const [, image, name] = ins.args.match(/^(\S+)(?:\s+AS\s+(\S+))?$/i);
      stages.push({ image, name: name ?? `stage${stages.length}`, steps: [], paths: new Set() });
      continue;
    }
    const stage = stages.at(-1);
    stage.steps.push(ins);
    if (ins.op === 'WORKDIR') stage.paths.add(ins.args.trim());
    if (ins.op === 'VOLUME') for (const p of ins.args.trim().startsWith('[') ? JSON.parse(ins.args) : ins.args.trim().split(/\s+/)) stage.paths.add(p);
  }
  return stages;
}

/** The processes under `pid` (children of children …), by /proc. */
function descendants(pid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let ppid;
    try {
      ppid = readFileSync(`/proc/${entry}/status`, 'utf8').match(/^PPid:\s+(\d+)/m)?.[1];
    } catch {
      continue; // gone meanwhile
    }
    if (ppid) children.set(ppid, [...(children.get(ppid) ?? []), entry]);
  }
  const found = [];
  const walk = (p) => {
    for (const c of children.get(String(p)) ?? []) {
      found.push(c);
      walk(c);
    }
  };
  walk(pid);
  return found;
}

const freePort = () =>
  new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

/** Runs `argv` in the stage's namespace: its paths bound, as `user`, in `cwd`, with `env`. */
function inStage(stage, argv, { user, cwd, env, detached = false }) {
  const binds = [...stage.paths].sort().map((p) => `mkdir -p '${p}' && mount --bind '${path.join(stage.dir, p)}' '${p}'`);
  const as = user && user !== 'root' ? ['setpriv', `--reuid=${user}`, `--regid=${user}`, '--init-groups', '--'] : [];
  const script = `${binds.join(' && ')} && cd '${cwd}' && exec "$@"`;
  const args = ['--mount', '--fork', '--kill-child', '--', '/bin/sh', '-c', script, 'stage', 'env', '-i', ...Object.entries(env).map(([k, v]) => `${k}=${v}`), ...as, ...argv];
  if (detached) return spawn('unshare', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const res = spawnSync('unshare', args, { stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`step failed (${res.status}): ${argv.join(' ')}`);
  return res;
}

/** The project as the build context: its tracked and new files, less what .dockerignore names. */
function cleanCopy(dest) {
  const ignore = readFileSync(path.join(root, '.dockerignore'), 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  const files = spawnSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' }).stdout.split('\0').filter(Boolean);
  const ignored = (f) => ignore.some((p) => f === p || f.startsWith(`${p}/`) || (p.startsWith('*') && f.endsWith(p.slice(1))));
  for (const f of files) {
    if (ignored(f) || !existsSync(path.join(root, f))) continue;
    try {
      cpSync(path.join(root, f), path.join(dest, f));
    } catch (error) {
      // A test running beside this one (CI runs the PostgreSQL suite at the same time) took away a
      // scratch file of its own between the listing and the copy: it was never part of the project.
      if (error?.code !== 'ENOENT') throw error;
    }
  }
}

async function main() {
  const dockerfile = path.join(root, 'deploy/Dockerfile');
  const stages = stagesOf(parseDockerfile(readFileSync(dockerfile, 'utf8')));
  // DOCKERFILE_RUN_REUSE=1: start what an earlier run built (while working on the checks, not in CI).
  const reuse = process.env.DOCKERFILE_RUN_REUSE === '1' && existsSync(path.join(work, '.built'));
  if (!reuse) rmSync(work, { recursive: true, force: true });
  const context = path.join(work, 'context');
  if (!reuse) cleanCopy(context);
  log(`context: ${context}${reuse ? ' (reused)' : ''}`);

  let final;
  for (const stage of stages) {
    stage.dir = path.join(work, stage.name);
    const env = { PATH: process.env.PATH, HOME: '/root' };
    let cwd = '/';
    let user = 'root';
    for (const p of stage.paths) mkdirSync(path.join(stage.dir, p), { recursive: true });
    log(`stage ${stage.name} (FROM ${stage.image}: this machine)`);
    for (const { op, args } of stage.steps) {
      if (op === 'WORKDIR') cwd = args.trim();
      else if (op === 'ENV') for (const m of args.matchAll(/(\w+)=(\S+)/g)) env[m[1]] = m[2];
      else if (op === 'USER') user = args.trim();
      else if (reuse && (op === 'RUN' || op === 'COPY')) continue;
      else if (op === 'RUN') {
        log(`RUN ${args.slice(0, 120)}`);
        inStage(stage, ['/bin/sh', '-c', args], { user, cwd, env });
      } else if (op === 'COPY') {
        const parts = args.split(/\s+/);
        const from = parts.find((p) => p.startsWith('--from='))?.slice(7);
        const [dest, ...sources] = parts.filter((p) => !p.startsWith('--')).reverse();
        const destAbs = path.posix.resolve(cwd, dest);
        const owner = from ? stages.find((s) => s.name === from) : null;
        const intoFolder = dest.endsWith('/') || sources.length > 1;
        for (const src of sources.reverse()) {
          const base = owner ? path.join(owner.dir, src) : path.join(context, src);
          if (!existsSync(base)) throw new Error(`COPY ${src}: not found`);
          // `COPY . .` copies the context's contents; into a folder, a source keeps its name.
          const target = src === '.' ? path.join(stage.dir, destAbs) : path.join(stage.dir, intoFolder ? path.posix.join(destAbs, path.basename(src)) : destAbs);
          log(`COPY ${from ? `--from=${from} ` : ''}${src} ${dest}`);
          cpSync(base, target, { recursive: true, verbatimSymlinks: true });
        }
      } else if (['VOLUME', 'EXPOSE', 'LABEL', 'ARG'].includes(op)) continue;
      else if (op === 'HEALTHCHECK') stage.healthcheck = execForm(args.replace(/^(--\S+\s+)*CMD\s+/, ''));
      else if (op === 'CMD') stage.cmd = execForm(args);
      else throw new Error(`instruction this runner does not know: ${op}`);
    }
    stage.env = env;
    stage.cwd = cwd;
    stage.user = user;
    final = stage;
  }

  writeFileSync(path.join(work, '.built'), '');

  // The image's CMD, as `docker run -e ADMIN_PASSWORD=… -p PORT:8080` would start it.
  const port = await freePort();
  // CAPTCHA=off as a kiosk install would set it: the check signs in by the API, not by reading the picture.
  const home = spawnSync('getent', ['passwd', final.user], { encoding: 'utf8' }).stdout.split(':')[5] || '/';
  const env = { ...final.env, HOME: home, PORT: String(port), HOST: '127.0.0.1', ADMIN_PASSWORD: 'dockerfile-run-admin', CAPTCHA: 'off', LOG_LEVEL: 'warn' };
  log(`CMD ${final.cmd.join(' ')} as ${final.user}, port ${port}`);
  const child = inStage(final, final.cmd, { user: final.user, cwd: final.cwd, env, detached: true });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const failures = [];
  let server;
  try {
    const deadline = Date.now() + 180_000;
    let healthy = false;
    while (!healthy && Date.now() < deadline && child.exitCode === null) {
      await new Promise((r) => setTimeout(r, 1_000));
      // The image's own HEALTHCHECK, run the way the engine runs it: in the container, as its user.
      healthy = spawnSync('unshare', ['--mount', '--fork', '--', 'env', '-i', ...Object.entries(env).map(([k, v]) => `${k}=${v}`), 'setpriv', `--reuid=${final.user}`, `--regid=${final.user}`, '--init-groups', '--', ...final.healthcheck], { stdio: 'ignore' }).status === 0;
    }
    if (!healthy) throw new Error(`the HEALTHCHECK never passed:\n${output}`);
    log('HEALTHCHECK passes');
    const login = await (await fetch(`http://127.0.0.1:${port}/api/sys/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'dockerfile-run-admin', captcha: '', uuid: '' }) })).json();
    if (!login?.data?.token && !login?.token) failures.push(`admin could not sign in with ADMIN_PASSWORD: ${JSON.stringify(login).slice(0, 200)}`);
    const page = await fetch(`http://127.0.0.1:${port}/`);
    if (!page.ok || !(await page.text()).includes('<div id="root"')) failures.push('the page is not served');
    // Runs as the Dockerfile's user, not root.
    const pids = descendants(child.pid).filter((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(final.cmd.at(-1)));
    server = pids[0];
    const uids = pids.map((pid) => readFileSync(`/proc/${pid}/status`, 'utf8').match(/^Uid:\s+(\d+)/m)?.[1]);
    const uid = spawnSync('id', ['-u', final.user], { encoding: 'utf8' }).stdout.trim();
    if (!uids.length || uids.some((u) => u !== uid)) failures.push(`server process uids ${uids.join(',')}, expected ${final.user} (${uid})`);
    // The embedded database lives in the volume, owned by that user.
    const volume = path.join(final.dir, 'var/lib/cascade/pglite');
    if (!existsSync(volume) || String(statSync(volume).uid) !== uid) failures.push(`no database in the volume owned by ${final.user}`);
    // The CMD's V8 flags are the embedded database's, as scripts/server.mjs has them.
    const { EMBEDDED_V8_FLAGS } = await import(new URL('../../scripts/server.mjs', import.meta.url).href);
    if (EMBEDDED_V8_FLAGS.some((f) => !final.cmd.includes(f))) failures.push(`CMD lacks EMBEDDED_V8_FLAGS ${EMBEDDED_V8_FLAGS.join(' ')}`);
  } finally {
    // `docker stop`: SIGTERM to the container's process, the server itself.
    if (server) process.kill(Number(server), 'SIGTERM');
    else child.kill('SIGTERM');
    const stopped = await new Promise((r) => {
      const t = setTimeout(() => r(false), 20_000);
      child.on('exit', () => {
        clearTimeout(t);
        r(true);
      });
    });
    if (!stopped) {
      failures.push('did not stop within 20 s of SIGTERM');
      child.kill('SIGKILL');
    }
  }
  if (failures.length) {
    console.error(`dockerfile-run: FAILED\n- ${failures.join('\n- ')}\n${output}`);
    process.exit(1);
  }
  log('1 passed, 0 failed');
}

await main();
