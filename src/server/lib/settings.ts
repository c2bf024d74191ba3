import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sysConfig } from '../db/schema';

/** Typed runtime settings kept in sys_config; each has a default and a remark for the config screen. */
export const SETTING_DEFAULTS = {
  'security.captcha': { type: 'boolean', value: true, remark: 'Ask for a captcha at login' },
  'security.lockThreshold': { type: 'number', value: 5, remark: 'Wrong passwords from one address before it must wait (30 s, doubling, at most 5 min); accounts are never locked by them' },
  'security.lockWindowMinutes': { type: 'number', value: 15, remark: 'Window in which wrong passwords are remembered (minutes)' },
  'security.sessionHours': { type: 'number', value: 12, remark: 'Sliding session lifetime (hours)' },
  'security.outboundHosts': { type: 'string', value: '', remark: 'Hosts the server may call out to (camera cloud), separated by commas; *.example.com allows subdomains; empty = no outbound calls' },
  'security.loginPerMinute': { type: 'number', value: 20, remark: 'Login attempts one IP address may make per minute' },
  'system.title': { type: 'string', value: 'Cascade 水景运维平台', remark: 'System title shown in the header and on the wall' },
  'system.titleEn': { type: 'string', value: 'Cascade Water-Feature Operations', remark: 'System title in English (empty = the system title)' },
  'upload.maxMb': { type: 'number', value: 20, remark: 'Largest file an upload may be (MiB)' },
  'upload.imageMaxMb': { type: 'number', value: 10, remark: 'Largest image an upload may be (MiB)' },
  'sla.hours.low': { type: 'number', value: 72, remark: 'Hours to complete a low-priority order on time' },
  'sla.hours.normal': { type: 'number', value: 48, remark: 'Hours to complete a normal order on time' },
  'sla.hours.high': { type: 'number', value: 24, remark: 'Hours to complete a high-priority order on time' },
  'sla.hours.urgent': { type: 'number', value: 8, remark: 'Hours to complete an urgent order on time' },
  'wall.visitorHours': { type: 'number', value: 12, remark: 'How long a project visitor session (login2) lasts (hours)' },
  'wall.refreshSeconds': { type: 'number', value: 30, remark: 'How often wall panels refresh (seconds)' },
  'wall.tileUrl': { type: 'string', value: '', remark: 'Map tile URL template for the walls ({z}/{x}/{y}); empty = offline world map only' },
  'camera.tokenUrl': { type: 'string', value: 'https://open.ys7.com/api/lapp/token/get', remark: 'Camera cloud endpoint that trades an app key and secret for an access token' },
  'detect.closeAfterNormal': { type: 'number', value: 3, remark: 'Normal readings that close a channel warning' },
  'orders.clockSkewMinutes': { type: 'number', value: 5, remark: 'Minutes a submission, repair or completion time may lie ahead of the server clock (device and browser clocks drift)' },
  'log.retentionDays': { type: 'number', value: 180, remark: 'Days operation and login logs are kept' },
} as const satisfies Record<string, { type: 'boolean' | 'number' | 'string' | 'json'; value: unknown; remark: string }>;

export type SettingKey = keyof typeof SETTING_DEFAULTS;
type ValueOf<K extends SettingKey> = (typeof SETTING_DEFAULTS)[K]['value'] extends boolean
  ? boolean
  : (typeof SETTING_DEFAULTS)[K]['value'] extends number
    ? number
    : string;

const CACHE_MS = 2000;

export function parseSetting(type: string, raw: string): unknown {
  if (type === 'boolean') return raw === 'true' || raw === '1';
  if (type === 'number') return Number(raw);
  if (type === 'json') return JSON.parse(raw);
  return raw;
}

/**
 * Reads settings with a short cache. Writers call `invalidate()`; other instances see a change
 * within CACHE_MS, so nothing needs a restart.
 */
export class Settings {
  private cache: { at: number; values: Map<string, string> } | null = null;
  constructor(private readonly database: Database) {}

  invalidate(): void {
    this.cache = null;
  }

  private async load(): Promise<Map<string, string>> {
    if (this.cache && Date.now() - this.cache.at < CACHE_MS) return this.cache.values;
    const rows = await this.database.db.select({ key: sysConfig.key, value: sysConfig.value }).from(sysConfig);
    const values = new Map(rows.map((r) => [r.key, r.value]));
    this.cache = { at: Date.now(), values };
    return values;
  }

  async get<K extends SettingKey>(key: K): Promise<ValueOf<K>> {
    const def = SETTING_DEFAULTS[key];
    const raw = (await this.load()).get(key);
    return (raw === undefined ? def.value : parseSetting(def.type, raw)) as ValueOf<K>;
  }

  async set(key: string, value: string): Promise<void> {
    await this.database.db.update(sysConfig).set({ value, updatedAt: new Date() }).where(eq(sysConfig.key, key));
    this.invalidate();
  }
}
