import type { AppInstance } from '../../../app-instance';
import { and, asc, eq, getTableColumns, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { configQuerySchema, configSavedSchema, configUpdateSchema, configEntrySchema } from '@shared/contracts/config';
import { exportOptionsSchema, pagingSchema, listAnswerOf, envelopeOf } from '@shared/contracts/common';
import { pageOf } from '@shared/envelope';
import { isUnchangedRendering } from '@shared/server-text';
import { sysConfig } from '../../../db/schema';
import { filters, ok } from '../../../lib/crud';
import { badRequest, notFound } from '../../../lib/errors';
import { sendExport } from '../../../lib/export';
import { exportAnswer } from '../../../lib/answers';
import { SETTING_DEFAULTS, type SettingKey } from '../../../lib/settings';

const BASE = '/sys/config';
const keyParamSchema = z.object({ key: z.string().min(1).max(64) });

/** Turns what the screen sent into the stored text of a setting of that type, or a field message key. */
export function normaliseSetting(type: string, value: string | number | boolean): { text: string } | { error: string } {
  if (type === 'boolean') {
    if (typeof value === 'boolean') return { text: String(value) };
    const v = String(value).trim().toLowerCase();
    if (v === 'true' || v === '1') return { text: 'true' };
    if (v === 'false' || v === '0') return { text: 'false' };
    return { error: 'v.boolean' };
  }
  if (type === 'number') {
    const n = typeof value === 'number' ? value : String(value).trim() === '' ? NaN : Number(value);
    // Every numeric setting is a count, a duration or a limit: never negative.
    return Number.isFinite(n) && n >= 0 ? { text: String(n) } : { error: 'v.number' };
  }
  if (type === 'json') {
    if (typeof value !== 'string') return { text: JSON.stringify(value) };
    try {
      return { text: JSON.stringify(JSON.parse(value)) };
    } catch {
      return { error: 'v.json' };
    }
  }
  return { text: String(value) };
}

/** Settings the server's environment decides over the stored value: the variable and the value in force, or nothing. */
export function environmentOverride(app: AppInstance, key: string): { variable: string; value: string } | null {
  if (key === 'security.captcha' && app.config.captcha) return { variable: 'CAPTCHA', value: String(app.config.captcha === 'on') };
  return null;
}

/** sys/config: the typed runtime settings of lib/settings.ts; a change applies without a restart. */
export async function configRoutes(app: AppInstance): Promise<void> {
  const known = (key: string): key is SettingKey => Object.prototype.hasOwnProperty.call(SETTING_DEFAULTS, key);
  const where = (q: { key?: string }): SQL | undefined => and(filters.search(sysConfig.key, sysConfig.remark)(q.key));

  app.post(`${BASE}/list`, { schema: { response: { 200: listAnswerOf(configEntrySchema) }, body: configQuerySchema.extend(pagingSchema.shape).strict() }, config: { permission: 'sys-config#list' } }, async (request) => {
    const q = request.body;
    const rows = await app.database.db.select().from(sysConfig).where(where(q)).orderBy(asc(sysConfig.key));
    const page = rows.slice((q.page - 1) * q.limit, q.page * q.limit).map((row) => ({ ...row, override: environmentOverride(app, row.key) }));
    return ok(pageOf(page, rows.length, q.page, q.limit));
  });

  app.get(`${BASE}/info/:key`, { schema: { response: { 200: envelopeOf(configEntrySchema) }, params: keyParamSchema }, config: { permission: 'sys-config#info' } }, async (request) => {
    const { key } = request.params;
    const [row] = await app.database.db.select().from(sysConfig).where(eq(sysConfig.key, key));
    if (!row) throw notFound();
    return ok({ ...row, override: environmentOverride(app, row.key) });
  });

  app.post(`${BASE}/update`, { schema: { body: configUpdateSchema, response: { 200: envelopeOf(configSavedSchema) } }, config: { permission: 'sys-config#update' } }, async (request) => {
    const { key, value, remark: sent } = request.body;
    if (!known(key)) throw badRequest('v.settingKey', { key: 'v.settingKey' });
    const type = SETTING_DEFAULTS[key].type;
    const parsed = normaliseSetting(type, value);
    if ('error' in parsed) throw badRequest(parsed.error, { value: parsed.error });
    // The default description sent back as shown keeps its bilingual stored form.
    const remark = sent !== undefined && isUnchangedRendering(SETTING_DEFAULTS[key].remark, sent, request.locale) ? SETTING_DEFAULTS[key].remark : sent;
    // Upsert: a setting added to SETTING_DEFAULTS after the first start has no row yet.
    await app.database.db
      .insert(sysConfig)
      .values({ key, value: parsed.text, type, remark: remark ?? SETTING_DEFAULTS[key].remark })
      .onConflictDoUpdate({ target: sysConfig.key, set: { value: parsed.text, type, ...(remark !== undefined ? { remark } : {}), updatedAt: new Date() } });
    app.settings.invalidate();
    return ok({ key, value: parsed.text });
  });

  app.post(
    `${BASE}/export`,
    { schema: { body: configQuerySchema.extend(exportOptionsSchema.shape).strict(), response: { 200: exportAnswer } }, config: { permission: 'sys-config#export' } },
    async (request, reply) => {
      const q = request.body;
      const cols = new Set(Object.keys(getTableColumns(sysConfig)));
      const rows = await app.database.db.select().from(sysConfig).where(where(q)).orderBy(asc(sysConfig.key));
      return sendExport(reply, {
        name: 'config',
        format: q.format,
        columns: q.columns.filter((c) => cols.has(c.prop)),
        batches: async function* () {
          yield rows;
        },
      });
    },
  );
}
