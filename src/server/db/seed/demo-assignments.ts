import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { fallOrder, fallReport, fallWarning, sysNotification } from '../schema';
import { Settings } from '../../lib/settings';
import { dueAtOf, recordAssignment, slaHours } from '../../modules/operations/assignment';
import { insertOrder } from '../../modules/operations/orders';

const HOUR = 3_600_000;

export interface DemoAssignments {
  assigned: number;
  confirming: number;
  notifications: number;
}

/**
 * The demo's assignments (docs/maintenance.md "Assignment and notifications"), so the bell and My
 * orders have rows from the first start: the newest open orders go to the technician (operator, 李工),
 * one of them after first going to the manager (a reassignment in its history); two repairs of
 * channels reading normal again wait for confirmation, assigned to the technician too. The older
 * notifications are read, the newest are not; none is e-mailed (the demo's users have no mailboxes).
 */
export async function seedDemoAssignments(database: Database, now = new Date()): Promise<DemoAssignments> {
  const users = await database.query<{ id: number; username: string }>(`SELECT id, username FROM sys_user WHERE username IN ('operator', 'manager', 'admin')`);
  const id = (name: string) => users.find((u) => u.username === name)?.id ?? null;
  const technician = id('operator');
  if (technician === null) return { assigned: 0, confirming: 0, notifications: 0 };
  const admin = id('admin');
  const manager = id('manager');
  const sla = await slaHours(new Settings(database));

  const open = await database.query<{ id: number; priority: string; submittedAt: Date }>(
    `SELECT id, priority, submitted_at AS "submittedAt" FROM fall_order WHERE status IN ('submitted', 'accepted', 'repairing') ORDER BY submitted_at DESC, id DESC LIMIT 8`,
  );
  const orderIds: number[] = [];
  await database.db.transaction(async (tx) => {
    for (const [i, o] of open.entries()) {
      const submittedAt = new Date(o.submittedAt);
      const dueAt = dueAtOf(sla, o.priority, submittedAt);
      const at = new Date(Math.min(now.getTime(), submittedAt.getTime() + 15 * 60_000));
      if (i === 1 && manager !== null) {
        await recordAssignment(tx, { orderId: o.id, from: null, to: manager, by: admin, dueAt, at });
        await recordAssignment(tx, { orderId: o.id, from: manager, to: technician, by: manager, dueAt, at: new Date(Math.min(now.getTime(), at.getTime() + 30 * 60_000)) });
      } else await recordAssignment(tx, { orderId: o.id, from: null, to: technician, by: admin, dueAt, at });
      orderIds.push(o.id);
    }

    // Two repairs reported fixed half an hour ago on channels that read normal again: awaiting confirmation.
    const channels = await tx.execute(sql`
      SELECT c.detect_id AS "detectId", c.ch, c.equipment_id AS "equipmentId", b.project_id AS "projectId",
             b.board_name AS board, b.board_name_en AS "boardEn", e.name AS equipment, e.name_en AS "equipmentEn"
        FROM fall_detect_channel c JOIN fall_detect b ON b.id = c.detect_id JOIN fall_eq_info e ON e.id = c.equipment_id
       WHERE c.result = 'normal' AND e.state = 'normal' AND b.online AND b.archived_at IS NULL AND e.archived_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM fall_order o WHERE o.equipment_id = e.id AND o.status IN ('submitted', 'accepted', 'repairing', 'confirming'))
         AND NOT EXISTS (SELECT 1 FROM fall_warning w WHERE w.detect_id = c.detect_id AND w.channel = c.ch AND w.result IS NULL)
       ORDER BY b.project_id, c.detect_id, c.ch
       LIMIT 2`);
    for (const c of channels.rows as { detectId: number; ch: number; equipmentId: number; projectId: number; board: string; boardEn: string; equipment: string; equipmentEn: string }[]) {
      const raised = new Date(now.getTime() - 3 * HOUR);
      const fixed = new Date(now.getTime() - 0.5 * HOUR);
      const info = `[[text.seedFaultPast]]${JSON.stringify({ board: c.board, boardEn: c.boardEn, ch: Number(c.ch), equipment: c.equipment, equipmentEn: c.equipmentEn })}`;
      const [w] = await tx
        .insert(fallWarning)
        .values({ at: raised, soundingSince: raised, info, kind: 'channel', level: 'warning', projectId: Number(c.projectId), detectId: Number(c.detectId), channel: Number(c.ch), equipmentId: Number(c.equipmentId), ackAt: new Date(raised.getTime() + 4 * 60_000), ackBy: 'operator', dealAt: fixed, result: 'fixed', note: '[[text.toOrder]]', dealtBy: 'operator' })
        .returning({ id: fallWarning.id });
      const order = await insertOrder(tx, { name: info, projectId: Number(c.projectId), equipmentId: Number(c.equipmentId), priority: 'high', source: 'warning', warningId: w.id, submittedAt: new Date(raised.getTime() + 60_000) });
      await tx.update(fallWarning).set({ orderId: order.id }).where(sql`${fallWarning.id} = ${w.id}`);
      await tx.insert(fallReport).values({ orderId: order.id, repairer: 'operator', repairAt: new Date(fixed.getTime() - HOUR), durationHours: 1, completedAt: fixed, result: 'fixed', notes: '', createdAt: fixed });
      // The sweep starts the normal run when it first looks (detect/confirmation.ts).
      await tx.update(fallOrder).set({ status: 'confirming', acceptedAt: new Date(raised.getTime() + 10 * 60_000), reportCount: 1, confirmingSince: null }).where(sql`${fallOrder.id} = ${order.id}`);
      const dueAt = dueAtOf(sla, 'high', new Date(raised.getTime() + 60_000));
      await recordAssignment(tx, { orderId: order.id, from: null, to: technician, by: manager ?? admin, dueAt, at: new Date(raised.getTime() + 5 * 60_000) });
      orderIds.push(order.id);
    }
    // The older news has been read; what came in the last day has not.
    await tx
      .update(sysNotification)
      .set({ readAt: sql`${sysNotification.createdAt} + interval '1 hour'` })
      .where(sql`${inArray(sysNotification.orderId, orderIds.length ? orderIds : [0])} AND ${sysNotification.createdAt} < ${new Date(now.getTime() - 24 * HOUR).toISOString()}::timestamptz`);
    await tx.update(sysNotification).set({ mailStatus: 'none' }).where(inArray(sysNotification.orderId, orderIds.length ? orderIds : [0]));
  });
  const [{ n }] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM sys_notification');
  return { assigned: orderIds.length, confirming: orderIds.length - open.length, notifications: n };
}
