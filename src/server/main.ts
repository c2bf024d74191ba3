import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrate, SchemaNewerError } from './db/migrate';
import { seedNewDataDir, startData } from './db/seed/first-start';
import { buildApp } from './app';
import { mkdir, readFile } from 'node:fs/promises';
import { startJobRunner } from './jobs/runner';
import { startDeviceJobs } from './modules/operations/detect/device-jobs';
import { demoLeaseHolder, startDemoSimulator } from './devices/demo-simulator';
import { hostname } from 'node:os';
import { controlRoutes, DataDirHeldError, holdDataDir, type DataDirHold } from './backup/control';

/** How long a stop may take, walls connected or not (a service manager waits longer: systemd 20 s). */
const STOP_BUDGET_MS = 10_000;

/** Starts Cascade: migrations, first-start seeding, the HTTP server, background work; stops cleanly on signals. */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) await mkdir(config.dataDir, { recursive: true });
  // The embedded folder is this process's alone (a second server, a restore): control.json says who
  // holds it, and lets `npm run backup` ask this server for a consistent backup (backup/control.ts).
  let hold: DataDirHold | null = null;
  if (!config.databaseUrl) {
    try {
      hold = await holdDataDir(config.dataDir, 'server');
    } catch (error) {
      if (!(error instanceof DataDirHeldError)) throw error;
      process.stderr.write(`Cascade: ${error.message}\n`);
      process.exit(1);
    }
  }
  const open = () => openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite` });
  // A first start migrates and seeds in a process of its own, so the server does not keep what that used.
  await seedNewDataDir(config);
  let database = await open();
  try {
    // The upgrade's record (docs/upgrade.md): which migrations this start ran, or that none was due.
    const ran = await migrate(database);
    process.stdout.write(ran.length ? `migrations ran: ${ran.join(', ')}\n` : 'migrations: none to run, the database is up to date\n');
  } catch (error) {
    if (!(error instanceof SchemaNewerError)) throw error;
    process.stderr.write(`Cascade: ${error.message}\n`);
    await database.close();
    process.exit(1);
  }

  const data = await startData(database, config, open, (line) => process.stdout.write(`seed: ${line}\n`));
  database = data.database;
  if (data.outcome === 'refused') {
    process.stderr.write(
      'Cascade: this is the first start in production and ADMIN_PASSWORD is not set.\n' +
        'Set ADMIN_PASSWORD to the password the admin account should have, then start again.\n',
    );
    await database.close();
    process.exit(1);
  }

  const app = await buildApp({ config, database });
  if (hold) controlRoutes(app, () => hold.info.token);
  const stopBackground = await startBackground(app);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  if (hold && address && typeof address === 'object') await hold.listening(address.port);

  const where = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  app.log.info(`Cascade ${config.version} on ${where} (database: ${database.kind}${config.databaseUrl ? '' : `, data in ${config.dataDir}`})`);
  if (config.demo) {
    process.stdout.write(`\nCascade is running at ${where}\nDemo mode: sign in as admin / admin123, manager / manager123, operator / operator123 or viewer / viewer123.\nA line a request: LOG_LEVEL=debug npm start (README, "Configuration").\n\n`);
  }

  // Stopping (docs/deploy.md "Restarts"), within STOP_BUDGET_MS even with walls connected: stop
  // accepting, tell every live stream to reconnect (to the next process) and end it, stop the
  // background work, let requests under way finish, close the database. Connections still open
  // near the end of the budget are cut, so a service manager's restart never waits on a wall.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    app.log.info(`${signal}: stopping`);
    app.server.close();
    app.live.closeStreams();
    // Keep-alive connections close as soon as their request is answered, not after their timeout.
    const idle = setInterval(() => app.server.closeIdleConnections(), 200);
    const cut = setTimeout(() => {
      app.log.warn('stopping: cutting the connections still open');
      app.server.closeAllConnections();
    }, STOP_BUDGET_MS - 2_000);
    const last = setTimeout(() => {
      process.stderr.write(`Cascade: did not stop within ${STOP_BUDGET_MS / 1000} s; exiting\n`);
      process.exit(1);
    }, STOP_BUDGET_MS);
    last.unref();
    await stopBackground();
    await app.close();
    clearInterval(idle);
    clearTimeout(cut);
    // What the reading ingest did over this run (the fleet bench reads this line).
    app.log.info({ ingest: app.readings.stats() }, 'reading ingest stats');
    await database.close();
    await hold?.release();
    app.log.info(`${signal}: stopped in ${Date.now() - started} ms`);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/** Background work that modules provide (job runner, device polling); each returns its stop function. */
async function startBackground(app: import('fastify').FastifyInstance): Promise<() => Promise<void>> {
  const stops: (() => Promise<void> | void)[] = [];
  stops.push(startJobRunner(app));
  // MQTT ingestion (MQTT_URL): every instance subscribes, each with its own client id, in one shared subscription.
  if (app.config.mqtt) {
    // Loaded only here: without MQTT_URL the MQTT client stays out of the process.
    const { startMqttIngest, instanceClientId, shareGroupOf } = await import('./devices/mqtt-ingest');
    const { caFile, clientId, shared, ...mqttOptions } = app.config.mqtt;
    const ingest = startMqttIngest(app, {
      ...mqttOptions,
      shareGroup: shared ? await shareGroupOf(app.database) : null,
      clientId: instanceClientId(clientId, hostname(), app.config.port, mqttOptions.password),
      ca: caFile ? await readFile(caFile) : undefined,
    });
    // Health reports the broker (lib/health.ts); a broker away does not take the instance out.
    app.healthParts.set('broker', () => (ingest.stats().connected ? { status: 'ok' } : { status: 'warn', detail: 'not connected to the broker' }));
    // INGEST_STATS_EVERY_MS: the ingest's counters in the log this often (the fleet bench watches them).
    const every = Number(process.env.INGEST_STATS_EVERY_MS);
    const statsTimer = every > 0 ? setInterval(() => app.log.info({ ingest: app.readings.stats(), mqtt: ingest.stats() }, 'ingest progress'), every) : null;
    statsTimer?.unref();
    stops.push(async () => {
      if (statsTimer) clearInterval(statsTimer);
      await ingest.stop();
      app.log.info({ mqtt: ingest.stats() }, 'mqtt ingest stats');
    });
  }
  // Board polling and the offline check run on one instance of the cluster at a time.
  const startDevices = () => startDeviceJobs(app, { leaseHolder: `${hostname()}:${process.pid}` });
  if (!app.config.demo) stops.push(startDevices());
  else {
    // Demo boards report in-process (one instance of the cluster plays them). The offline check starts
    // once the simulator's first round has reported every board, so none is flagged offline at start;
    // the server listens meanwhile.
    const simulator = startDemoSimulator(app, { leaseHolder: demoLeaseHolder(), ...app.config.demoSimulator });
    let stopDevices: (() => void) | null = null;
    let stopped = false;
    void simulator.ready.then(() => {
      if (!stopped) stopDevices = startDevices();
    });
    stops.push(async () => {
      stopped = true;
      stopDevices?.();
      await simulator.stop();
    });
  }
  return async () => {
    for (const s of stops.reverse()) await s();
  };
}

main().catch((err) => {
  process.stderr.write(`Cascade failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
