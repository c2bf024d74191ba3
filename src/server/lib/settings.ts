import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { serverText } from '@shared/server-text';
import { sysConfig } from '../db/schema';

/**
 * Typed runtime settings kept in sys_config; each has a default and a remark for the config screen,
 * stored as a catalogue message so the screen shows it in the reader's language.
 */
export const SETTING_DEFAULTS = {
  'security.captcha': { type: 'boolean', value: true, remark: serverText('setting.security.captcha') },
  'security.lockThreshold': { type: 'number', value: 5, remark: serverText('setting.security.lockThreshold') },
  'security.lockWindowMinutes': { type: 'number', value: 15, remark: serverText('setting.security.lockWindowMinutes') },
  'security.sessionHours': { type: 'number', value: 12, remark: serverText('setting.security.sessionHours') },
  'security.outboundHosts': { type: 'string', value: '', remark: serverText('setting.security.outboundHosts') },
  'security.loginPerMinute': { type: 'number', value: 20, remark: serverText('setting.security.loginPerMinute') },
  'system.title': { type: 'string', value: 'Cascade 水景运维平台', remark: serverText('setting.system.title') },
  'system.titleEn': { type: 'string', value: 'Cascade Water-Feature Operations', remark: serverText('setting.system.titleEn') },
  'upload.maxMb': { type: 'number', value: 20, remark: serverText('setting.upload.maxMb') },
  'upload.imageMaxMb': { type: 'number', value: 10, remark: serverText('setting.upload.imageMaxMb') },
  'sla.hours.low': { type: 'number', value: 72, remark: serverText('setting.sla.hours.low') },
  'sla.hours.normal': { type: 'number', value: 48, remark: serverText('setting.sla.hours.normal') },
  'sla.hours.high': { type: 'number', value: 24, remark: serverText('setting.sla.hours.high') },
  'sla.hours.urgent': { type: 'number', value: 8, remark: serverText('setting.sla.hours.urgent') },
  'wall.visitorHours': { type: 'number', value: 12, remark: serverText('setting.wall.visitorHours') },
  'wall.refreshSeconds': { type: 'number', value: 30, remark: serverText('setting.wall.refreshSeconds') },
  'wall.tileUrl': { type: 'string', value: '', remark: serverText('setting.wall.tileUrl') },
  'camera.tokenUrl': { type: 'string', value: 'https://open.ys7.com/api/lapp/token/get', remark: serverText('setting.camera.tokenUrl') },
  'detect.closeAfterNormal': { type: 'number', value: 3, remark: serverText('setting.detect.closeAfterNormal') },
  'detect.clockSkewSeconds': { type: 'number', value: 600, remark: serverText('setting.detect.clockSkewSeconds') },
  'orders.confirmMinutes': { type: 'number', value: 10, remark: serverText('setting.orders.confirmMinutes') },
  'orders.dueNoticeMinutes': { type: 'number', value: 60, remark: serverText('setting.orders.dueNoticeMinutes') },
  'orders.clockSkewMinutes': { type: 'number', value: 5, remark: serverText('setting.orders.clockSkewMinutes') },
  'log.retentionDays': { type: 'number', value: 180, remark: serverText('setting.log.retentionDays') },
  'alarm.popupLevels': { type: 'string', value: 'warning,critical', remark: serverText('setting.alarm.popupLevels') },
  'alarm.sounds': { type: 'string', value: '{"info":"none","warning":"chime","critical":"siren"}', remark: serverText('setting.alarm.sounds') },
  'alarm.escalateMinutes': { type: 'number', value: 10, remark: serverText('setting.alarm.escalateMinutes') },
  'alarm.muteMinutes': { type: 'number', value: 15, remark: serverText('setting.alarm.muteMinutes') },
  'alarm.shelveMaxMinutes': { type: 'number', value: 480, remark: serverText('setting.alarm.shelveMaxMinutes') },
  'alarm.notifyMinutes': { type: 'string', value: '10,30', remark: serverText('setting.alarm.notifyMinutes') },
  'detect.rawRetentionHours': { type: 'number', value: 48, remark: serverText('setting.detect.rawRetentionHours') },
  'detect.minuteRetentionDays': { type: 'number', value: 7, remark: serverText('setting.detect.minuteRetentionDays') },
  'detect.hourRetentionDays': { type: 'number', value: 400, remark: serverText('setting.detect.hourRetentionDays') },
  // Off unless switched on (the demo seed does): docs/decisions.md "Usage analytics".
  'analytics.enabled': { type: 'boolean', value: false, remark: serverText('setting.analytics.enabled') },
  'analytics.retentionDays': { type: 'number', value: 90, remark: serverText('setting.analytics.retentionDays') },
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
