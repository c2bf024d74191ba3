import type { AppInstance } from '../../../app-instance';
import { deletedAnswer } from '@shared/contracts/common';
import { desc, lt, sql } from 'drizzle-orm';
import { loginLogQuerySchema, opLogQuerySchema, purgeSchema, opLogEntrySchema, loginLogEntrySchema } from '@shared/contracts/logs';
import { sysLog, sysLoginLog } from '../../../db/schema';
import { filters, ok, resourceRoutes } from '../../../lib/crud';
import { RESOURCES } from '@shared/resources';

const DAY_MS = 86_400_000;

/** The name of the menu an operation-log row was written on (its menu code), in one language. */
const menuName = (column: 'name' | 'name_en') =>
  sql<string | null>`(SELECT m.${sql.raw(column)} FROM sys_menu m WHERE m.type = 1 AND m.menu_code <> '' AND m.menu_code = sys_log.menu_code ORDER BY m.id LIMIT 1)`;

/** sys/log (operation log) and sys/history-user (login history): read, filter, export, purge. */
export async function logsRoutes(app: AppInstance): Promise<void> {
  resourceRoutes(app, RESOURCES.log, {
    rows: {
      table: sysLog,
      row: opLogEntrySchema,
      id: sysLog.id,
      query: opLogQuerySchema,
      extra: { moduleName: menuName('name'), moduleNameEn: menuName('name_en') },
      where: {
        username: filters.like(sysLog.username),
        module: filters.like(sysLog.module),
        success: filters.eq(sysLog.success),
        from: filters.gte(sysLog.at),
        to: filters.lte(sysLog.at),
      },
      sortable: { at: sysLog.at, username: sysLog.username, module: sysLog.module, durationMs: sysLog.durationMs },
      defaultSort: [desc(sysLog.at)],
    },
    // The log is written by the server only (plugins/oplog.ts).
    list: true,
    read: true,
    export: { name: 'operation-log' },
  });

  app.post('/sys/log/purge', { schema: { body: purgeSchema, response: { 200: deletedAnswer } }, config: { permission: 'sys-log#delete' } }, async (request) => {
    const { beforeDays } = request.body;
    const rows = await app.database.db.delete(sysLog).where(lt(sysLog.at, new Date(Date.now() - beforeDays * DAY_MS))).returning({ id: sysLog.id });
    return ok({ deleted: rows.length });
  });

  resourceRoutes(app, RESOURCES.loginLog, {
    rows: {
      table: sysLoginLog,
      row: loginLogEntrySchema,
      id: sysLoginLog.id,
      query: loginLogQuerySchema,
      where: {
        username: filters.like(sysLoginLog.username),
        ip: filters.like(sysLoginLog.ip),
        success: filters.eq(sysLoginLog.success),
        from: filters.gte(sysLoginLog.at),
        to: filters.lte(sysLoginLog.at),
      },
      sortable: { at: sysLoginLog.at, username: sysLoginLog.username, ip: sysLoginLog.ip },
      defaultSort: [desc(sysLoginLog.at)],
    },
    list: true,
    read: true,
    export: { name: 'login-history' },
  });

  app.post('/sys/history-user/purge', { schema: { body: purgeSchema, response: { 200: deletedAnswer } }, config: { permission: 'sys-history-user#delete' } }, async (request) => {
    const { beforeDays } = request.body;
    const rows = await app.database.db
      .delete(sysLoginLog)
      .where(lt(sysLoginLog.at, new Date(Date.now() - beforeDays * DAY_MS)))
      .returning({ id: sysLoginLog.id });
    return ok({ deleted: rows.length });
  });
}
