import type { AppInstance } from '../../app-instance';
import { SEX, USER_STATUS } from '@shared/dictionaries';
import { asc, inArray } from 'drizzle-orm';
import { appUserQuerySchema, appUserSchema, appUserRowSchema } from '@shared/contracts/app';
import { deletedAnswer, idListSchema } from '@shared/contracts/common';
import { appBill, appUser } from '../../db/schema';
import { filters, ok, resourceRoutes } from '../../lib/crud';
import { conflict } from '../../lib/errors';
import { RESOURCES } from '@shared/resources';

const BASE = '/app/user';

/** app/user: customer accounts. */
export async function customerRoutes(app: AppInstance): Promise<void> {
  resourceRoutes(app, RESOURCES.customer, {
    rows: {
      table: appUser,
      row: appUserRowSchema,
      id: appUser.id,
      query: appUserQuerySchema,
      where: {
        name: filters.like(appUser.name),
        phone: filters.like(appUser.phone),
        sex: filters.eq(appUser.sex),
        status: filters.eq(appUser.status),
      },
      sortable: { name: appUser.name, createdAt: appUser.createdAt, status: appUser.status },
      defaultSort: [asc(appUser.name)],
    },
    list: true,
    listAll: true,
    read: true,
    export: { name: 'app-user', labels: { status: USER_STATUS, sex: SEX } },
    create: { body: appUserSchema },
    update: true,
  });

  // Bills belong to their customer and cascade with it: deleting a customer who has bills would
  // silently erase financial history, so it is refused instead.
  app.post(`${BASE}/delete`, { schema: { body: idListSchema, response: { 200: deletedAnswer } }, config: { permission: 'app-user#delete' } }, async (request) => {
    const ids = request.body;
    const deleted = await app.database.db.transaction(async (tx) => {
      // Locking the customers first keeps a bill from being added to one of them meanwhile.
      await tx.select({ id: appUser.id }).from(appUser).where(inArray(appUser.id, ids)).for('update');
      const [billed] = await tx.select({ id: appBill.id }).from(appBill).where(inArray(appBill.userId, ids)).limit(1);
      if (billed) throw conflict('err.inUse');
      const rows = await tx.delete(appUser).where(inArray(appUser.id, ids)).returning({ id: appUser.id });
      return rows.length;
    });
    return ok({ deleted });
  });
}
