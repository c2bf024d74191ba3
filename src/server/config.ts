import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  production: boolean;
  /** Demo mode: seeds demo users and data, shows the demo hint on the login page, plays the demo boards. */
  demo: boolean;
  /** The built-in demo simulator's timing (DEMO_FAULT_EVERY_MS, DEMO_FAULT_RECOVER_MS, DEMO_REPORT_EVERY_MS); unset: the defaults. */
  demoSimulator: { faultEveryMs?: number; faultRecoverMs?: number; reportEveryMs?: number };
  adminPassword?: string;
  /** Board readings are written in batches: at most this many ms after the first one waits (INGEST_BATCH_MS; 250, 10 in tests). */
  ingestBatchMs: number;
  /** The MQTT broker Cascade subscribes to for board readings (MQTT_URL); unset: no MQTT ingestion. */
  mqtt?: {
    url: string;
    /** The prefix of each instance's own client id (MQTT_CLIENT_ID, default cascade-ingest): host, port and a tag are added. */
    clientId: string;
    topicPrefix: string;
    /** Cascade's broker account (MQTT_USERNAME, MQTT_PASSWORD). */
    username?: string;
    password?: string;
    /** A PEM file with the authority that signed the broker's certificate, for mqtts:// (MQTT_CA). */
    caFile?: string;
    /** How long the broker keeps an instance's session while it is away, in seconds (MQTT_SESSION_EXPIRY, default a day). */
    sessionExpiry: number;
    /**
     * Whether the instances subscribe in one shared subscription (MQTT_SHARED=on, for a cluster), its
     * group named from a server secret; default off: a plain subscription, for a single instance — the
     * one a broker with persistence restores after its restart (it does not restore a shared one).
     */
    shared: boolean;
  };
  /**
   * The mail server escalations send through (SMTP_HOST, SMTP_PORT default 587, SMTP_SECURE=on for
   * TLS from the first byte (port 465), SMTP_USER, SMTP_PASS, SMTP_FROM); unset: no e-mail, e-mail
   * recipients are recorded as failed with the reason. The host must also be on security.outboundHosts.
   */
  smtp?: SmtpConfig;
  /** Overrides the captcha setting of sys_config when set (CAPTCHA=off for tests and kiosks). */
  captcha?: 'on' | 'off';
  apiPrefix: string;
  /** The request header that carries the session token (AUTH_HEADER, default Authorization); /config.js tells the client. */
  authHeader: string;
  /**
   * Which proxies may name the client in X-Forwarded-For (TRUST_PROXY): a list of addresses and
   * CIDR ranges. False (unset): the address is the socket's, so a caller cannot
   * forge the address every per-address limit and the login history key on.
   */
  trustProxy: string[] | false;
  logLevel: string;
  /**
   * LOG_FORMAT: `pretty`, a readable line an entry (time, level, message; a request as
   * `GET /api/… 200 12 ms`), the default outside production; `json`, pino's line of JSON an entry,
   * the default in production (a log collector reads it). A request is logged at `debug`: its line
   * shows only with LOG_LEVEL=debug.
   */
  logFormat: 'pretty' | 'json';
  /**
   * METRICS_TOKEN: Prometheus metrics at /metrics for a scraper that sends `Authorization: Bearer
   * <token>` (docs/monitoring.md); unset, there is no /metrics (the default).
   */
  metricsToken: string | null;
  version: string;
  clientDir: string;
  /** The overview wall's first-frame renderer `npm run build` puts beside the client (dist/ssr); without it walls start without a frame. */
  frameModule: string;
  filesDir: string;
  /** Where the scheduled backup job writes (BACKUP_DIR, default DATA_DIR/backups; docs/backup.md). */
  backupDir: string;
  /** Runtime configuration served as /config.js (spec §3). */
  runtime: {
    title: string;
    microservice: string;
    whitelist: string[];
    loginRedirect: string;
    downloadUrl: string;
  };
}

export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  /** Never logged, never sent to a browser. */
  pass?: string;
  from: string;
}

/** SMTP_*: the mail server for escalation e-mails; a port that is not a number is refused at start. */
export function parseSmtp(env: NodeJS.ProcessEnv): SmtpConfig | undefined {
  const host = env.SMTP_HOST?.trim();
  if (!host) return undefined;
  const port = env.SMTP_PORT?.trim() ? Number(env.SMTP_PORT) : 587;
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error('SMTP_PORT must be a port number (587, 465, 25)');
  const user = env.SMTP_USER?.trim() || undefined;
  return {
    host,
    port,
    secure: env.SMTP_SECURE === 'on' || env.SMTP_SECURE === 'true' || env.SMTP_SECURE === '1',
    user,
    pass: env.SMTP_PASS || undefined,
    from: env.SMTP_FROM?.trim() || user || `cascade@${host}`,
  };
}

function readVersion(): string {
  try {
    return JSON.parse(readFileSync(path.resolve('package.json'), 'utf8')).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** AUTH_HEADER: a plain header name (letters, digits, dashes); anything else is refused at start. */
export function parseAuthHeader(value: string | undefined): string {
  const text = value?.trim();
  if (!text) return 'Authorization';
  if (!/^[A-Za-z][A-Za-z0-9-]{0,63}$/.test(text)) throw new Error('AUTH_HEADER must be a header name of letters, digits and dashes');
  return text;
}

/**
 * TRUST_PROXY: `127.0.0.1,10.0.0.0/8` (addresses and CIDR ranges); empty trusts none. A bare hop
 * count or 'true' is refused at start: neither can tell a proxy from a client naming itself.
 */
export function parseTrustProxy(value: string | undefined): string[] | false {
  const text = (value ?? '').trim();
  if (!text) return false;
  if (/^(\d+|true|\*)$/i.test(text)) throw new Error('TRUST_PROXY must list the proxies in front (addresses or CIDR ranges, comma-separated)');
  return text.split(',').map((s) => s.trim()).filter(Boolean);
}

/** METRICS_TOKEN: at least 16 characters, or the start is refused (a short token is guessed). */
export function parseMetricsToken(value: string | undefined): string | null {
  const token = (value ?? '').trim();
  if (!token) return null;
  if (token.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters (openssl rand -hex 24 makes one)');
  return token;
}

/**
 * The broker's address and Cascade's account on it. A user and password written into MQTT_URL
 * (mqtt://cascade:secret@host) are taken out of it, as MQTT_USERNAME and MQTT_PASSWORD (which win
 * when set too): the address is what the log shows, the password must not be in it.
 */
export function brokerAccount(url: string, username?: string, password?: string): { url: string; username?: string; password?: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { url, username: username || undefined, password: password || undefined };
  }
  const inUrl = { username: decodeURIComponent(parsed.username), password: decodeURIComponent(parsed.password) };
  parsed.username = '';
  parsed.password = '';
  return { url: inUrl.username || inUrl.password ? parsed.toString() : url, username: username || inUrl.username || undefined, password: password || inUrl.password || undefined };
}

/** A duration in ms from the environment; anything but a whole number (> 0, or 0 where allowed) leaves the default. */
function millis(value: string | undefined, zeroAllowed = false): number | undefined {
  if (!value || !/^\d+$/.test(value.trim())) return undefined;
  const n = Number(value);
  return n > 0 || (zeroAllowed && n === 0) ? n : undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const captcha = env.CAPTCHA === 'off' ? 'off' : env.CAPTCHA === 'on' ? 'on' : undefined;
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    production,
    demo: env.DEMO ? env.DEMO !== 'off' && env.DEMO !== '0' : !production,
    demoSimulator: {
      faultEveryMs: millis(env.DEMO_FAULT_EVERY_MS, true),
      faultRecoverMs: millis(env.DEMO_FAULT_RECOVER_MS),
      reportEveryMs: millis(env.DEMO_REPORT_EVERY_MS),
    },
    adminPassword: env.ADMIN_PASSWORD || undefined,
    ingestBatchMs: millis(env.INGEST_BATCH_MS) ?? (env.NODE_ENV === 'test' ? 10 : 250),
    mqtt: env.MQTT_URL
      ? {
          ...brokerAccount(env.MQTT_URL, env.MQTT_USERNAME, env.MQTT_PASSWORD),
          clientId: env.MQTT_CLIENT_ID || 'cascade-ingest',
          topicPrefix: (env.MQTT_TOPIC_PREFIX || 'cascade').replace(/\/+$/, ''),
          caFile: env.MQTT_CA || undefined,
          sessionExpiry: Number(env.MQTT_SESSION_EXPIRY) > 0 ? Math.floor(Number(env.MQTT_SESSION_EXPIRY)) : 86_400,
          shared: env.MQTT_SHARED === 'on',
        }
      : undefined,
    smtp: parseSmtp(env),
    captcha,
    apiPrefix: env.API_PREFIX ?? '/api',
    authHeader: parseAuthHeader(env.AUTH_HEADER),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    logFormat: parseLogFormat(env.LOG_FORMAT, env.NODE_ENV),
    metricsToken: parseMetricsToken(env.METRICS_TOKEN),
    version: readVersion(),
    clientDir: path.resolve(env.CLIENT_DIR ?? 'dist/client'),
    // Built beside the client: dist/client → dist/ssr.
    frameModule: path.resolve(env.FRAME_MODULE ?? path.join(env.CLIENT_DIR ?? 'dist/client', '../ssr/overview-frame.cjs')),
    filesDir: path.resolve(env.FILES_DIR ?? path.join(dataDir, 'files')),
    backupDir: path.resolve(env.BACKUP_DIR ?? path.join(dataDir, 'backups')),
    runtime: {
      title: env.SYSTEM_TITLE ?? '',
      microservice: env.MICROSERVICE ?? '',
      whitelist: (env.ROUTE_WHITELIST ?? '/login,/403,/404,/test,/page').split(',').filter(Boolean),
      loginRedirect: env.LOGIN_REDIRECT ?? '/main',
      downloadUrl: env.DOWNLOAD_URL ?? '',
    },
  };
}

function parseLogFormat(value: string | undefined, nodeEnv: string | undefined): 'pretty' | 'json' {
  if (value === undefined || value === '') return nodeEnv === 'production' ? 'json' : 'pretty';
  if (value === 'pretty' || value === 'json') return value;
  throw new Error(`LOG_FORMAT must be pretty or json, not ${JSON.stringify(value)}`);
}
