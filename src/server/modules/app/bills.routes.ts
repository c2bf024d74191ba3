import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app-instance';
import { BILL_RATE, BILL_STATE, BILL_TYPE } from '@shared/dictionaries';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { billQuerySchema, billSavedSchema, billSchema, billStateAnswerSchema, billStateSchema, billUpdateSchema, billRowSchema } from '@shared/contracts/app';
import { deletedAnswer, envelopeOf, idAnswer, idListSchema } from '@shared/contracts/common';
import { appBill, appUser } from '../../db/schema';
import { filters, ok, resourceRoutes } from '../../lib/crud';
import { conflict, notFound } from '../../lib/errors';
import { checkCustomer, checkTransition, nextBillNumber, recordState } from './bills.repository';
import { RESOURCES } from '@shared/resources';

const BASE = '/app/bill';
const who = (request: FastifyRequest) => request.auth?.username ?? '';

/**
 * app/bill. Every state a bill takes — its first on save, a different one on update, and any set
 * through POST /app/bill/state — is recorded in app_bill_record in the same transaction, so the
 * history never misses or invents a change.
 */
export async function billRoutes(app: AppInstance): Promise<void> {
  const db = app.database.db;

  resourceRoutes(app, RESOURCES.bill, {
    rows: {
      table: appBill,
      row: billRowSchema,
      id: appBill.id,
      query: billQuerySchema,
      where: {
        number: filters.like(appBill.number),
        userId: filters.eq(appBill.userId),
        billType: filters.eq(appBill.billType),
        billRate: filters.eq(appBill.billRate),
        billState: filters.eq(appBill.billState),
        atFrom: filters.gte(appBill.at),
        atTo: filters.lte(appBill.at),
      },
      sortable: { number: appBill.number, amount: appBill.amount, at: appBill.at, billState: appBill.billState },
      defaultSort: [desc(appBill.at)],
      extra: { userName: appUser.name },
      from: (q) => q.leftJoin(appUser, eq(appUser.id, appBill.userId)),
    },
    list: true,
    listAll: true,
    read: true,
    export: { name: 'app-bill', labels: { billType: BILL_TYPE, billRate: BILL_RATE, billState: BILL_STATE } },
  });

  app.post(`${BASE}/save`, { schema: { body: billSchema, response: { 200: envelopeOf(billSavedSchema) } }, config: { permission: 'app-bill#save' } }, async (request) => {
    const { reason, at, ...body } = request.body;
    const created = await db.transaction(async (tx) => {
      await checkCustomer(tx, body.userId);
      const number = await nextBillNumber(tx);
      const [row] = await tx
        .insert(appBill)
        .values({ ...body, number, ...(at ? { at } : {}) })
        .returning({ id: appBill.id, number: appBill.number });
      await recordState(tx, { billId: row.id, fromState: null, toState: body.billState, byUser: who(request), reason });
      return row;
    });
    return ok(created);
  });

  app.post(`${BASE}/update`, { schema: { body: billUpdateSchema, response: { 200: idAnswer } }, config: { permission: 'app-bill#update' } }, async (request) => {
    const { id, reason, at, ...changes } = request.body;
    await db.transaction(async (tx) => {
      const [current] = await tx.select({ billState: appBill.billState }).from(appBill).where(eq(appBill.id, id)).for('update');
      if (!current) throw notFound();
      if (changes.userId !== undefined) await checkCustomer(tx, changes.userId);
      // An edit that keeps the state (or leaves it out) is no state change and writes no record.
      const moving = changes.billState !== undefined && changes.billState !== current.billState;
      if (moving) checkTransition(current.billState, changes.billState!);
      const set = Object.fromEntries(Object.entries({ ...changes, at: at ?? undefined }).filter(([, v]) => v !== undefined));
      if (Object.keys(set).length) await tx.update(appBill).set(set).where(eq(appBill.id, id));
      if (moving) await recordState(tx, { billId: id, fromState: current.billState, toState: changes.billState!, byUser: who(request), reason });
    });
    return ok({ id });
  });

  app.post(`${BASE}/state`, { schema: { body: billStateSchema, response: { 200: envelopeOf(billStateAnswerSchema) } }, config: { permission: 'app-bill#update', log: { module: 'app/bill', action: 'state' } } }, async (request) => {
    const { id, billState, reason } = request.body;
    await db.transaction(async (tx) => {
      const [current] = await tx.select({ billState: appBill.billState }).from(appBill).where(eq(appBill.id, id)).for('update');
      if (!current) throw notFound();
      checkTransition(current.billState, billState);
      await tx.update(appBill).set({ billState }).where(eq(appBill.id, id));
      await recordState(tx, { billId: id, fromState: current.billState, toState: billState, byUser: who(request), reason });
    });
    return ok({ id, billState });
  });

  // A bill that has changed state has a history (app_bill_record) that must not vanish with it: it is
  // refused (409, naming the changes). One still in its first state was entered by mistake at most;
  // it goes with its one record. The outer column is written out: a one-table select renders unqualified.
  app.post(`${BASE}/delete`, { schema: { body: idListSchema, response: { 200: deletedAnswer } }, config: { permission: 'app-bill#delete' } }, async (request) => {
    const ids = request.body;
    const deleted = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ number: appBill.number, changes: sql<number>`(SELECT count(*) - 1 FROM app_bill_record r WHERE r.bill_id = app_bill.id)`.mapWith(Number) })
        .from(appBill)
        .where(inArray(appBill.id, ids))
        .for('update');
      const changed = rows.find((r) => r.changes > 0);
      if (changed) throw conflict('err.billHasHistory', undefined, { name: changed.number, deps: [{ key: changed.changes === 1 ? 'dep.record' : 'dep.records', n: changed.changes }] });
      const gone = await tx.delete(appBill).where(inArray(appBill.id, ids)).returning({ id: appBill.id });
      return gone.length;
    });
    return ok({ deleted });
  });
}
