import type { AppInstance } from '../../../app-instance';
import { and, eq } from 'drizzle-orm';
import { emptyAnswer, envelopeOf } from '@shared/contracts/common';
import { z } from 'zod';
import { sysUiPref } from '../../../db/schema';
import { ok } from '../../../lib/crud';

/** Largest preference a screen may store: column choices and order are a few hundred bytes. */
export const UI_PREF_MAX_BYTES = 16 * 1024;

const screenParamSchema = z.object({
  screen: z.string().min(1).max(96).regex(/^[A-Za-z0-9_./:-]+$/, { message: 'v.invalid' }),
});
const uiPrefBodySchema = z.strictObject({
  value: z
    .json()
    .refine((v) => v !== null, { message: 'v.required' })
    .refine((v) => Buffer.byteLength(JSON.stringify(v) ?? '', 'utf8') <= UI_PREF_MAX_BYTES, { message: 'v.tooLong' }),
});

/** GET/POST /sys/ui-pref/{screen}: the signed-in user's column choice and order for one screen. */
export async function uiPrefRoutes(app: AppInstance): Promise<void> {
  const { db } = app.database;

  app.get('/sys/ui-pref/:screen', { schema: { response: { 200: envelopeOf(z.unknown()) }, params: screenParamSchema }, config: { permission: 'login' } }, async (request) => {
    const { screen } = request.params;
    const [row] = await db
      .select({ value: sysUiPref.value })
      .from(sysUiPref)
      .where(and(eq(sysUiPref.userId, request.auth!.userId!), eq(sysUiPref.screen, screen)));
    return ok(row?.value ?? null);
  });

  app.post(
    '/sys/ui-pref/:screen',
    // A personal view setting, not an administrative change: kept out of the operation log.
    { schema: { params: screenParamSchema, body: uiPrefBodySchema, response: { 200: emptyAnswer } }, config: { permission: 'login', log: false } },
    async (request) => {
      const { screen } = request.params;
      const { value } = request.body;
      const userId = request.auth!.userId!;
      await db
        .insert(sysUiPref)
        .values({ userId, screen, value: value as object })
        .onConflictDoUpdate({ target: [sysUiPref.userId, sysUiPref.screen], set: { value: value as object, updatedAt: new Date() } });
      return ok(null);
    },
  );
}
