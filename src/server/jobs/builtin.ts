import { lt } from 'drizzle-orm';
import { z } from 'zod';
import { jobScheduleLog, sysCaptcha, sysLog, sysLoginLog, sysRateLimit, sysSession } from '../db/schema';
import { registerJobHandler } from './registry';
import { purgeGuards } from '../modules/identity/login-guard';
// The scheduled backup (src/server/backup/job.ts).
import '../backup/job';
// The predictive detector (src/server/modules/operations/predict, docs/predictive.md).
import '../modules/operations/predict/predict.job';

const DAY_MS = 86_400_000;

registerJobHandler({
  name: 'log.purge',
  description: 'job.handler.log.purge',
  params: z.strictObject({ days: z.number().int().min(1).max(36_500).optional() }),
  async run({ app }, params) {
    const days = params.days ?? (await app.settings.get('log.retentionDays'));
    const before = new Date(Date.now() - days * DAY_MS);
    const db = app.database.db;
    return db.transaction(async (tx) => {
      const ops = await tx.delete(sysLog).where(lt(sysLog.at, before)).returning({ id: sysLog.id });
      const logins = await tx.delete(sysLoginLog).where(lt(sysLoginLog.at, before)).returning({ id: sysLoginLog.id });
      const jobs = await tx.delete(jobScheduleLog).where(lt(jobScheduleLog.at, before)).returning({ id: jobScheduleLog.id });
      return { days, operations: ops.length, logins: logins.length, jobs: jobs.length };
    });
  },
});

registerJobHandler({
  name: 'captcha.purge',
  description: 'job.handler.captcha.purge',
  params: z.strictObject({}),
  async run({ app }) {
    const now = new Date();
    const db = app.database.db;
    const captchas = await db.delete(sysCaptcha).where(lt(sysCaptcha.expiresAt, now)).returning({ uuid: sysCaptcha.uuid });
    const sessions = await db.delete(sysSession).where(lt(sysSession.expiresAt, now)).returning({ id: sysSession.id });
    // Request counters whose window has ended and wrong-password counts past their window.
    const limits = await db.delete(sysRateLimit).where(lt(sysRateLimit.windowEnds, now)).returning({ key: sysRateLimit.key });
    const guards = await purgeGuards(app);
    return { captchas: captchas.length, sessions: sessions.length, limits: limits.length, guards };
  },
});
