import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { fallDetectChannel } from '../../../db/schema';

/** An equipment whose state a recompute moved. */
export interface EquipmentStateChange {
  id: number;
  projectId: number;
  state: string;
}

const idsOf = (ids: Iterable<number | null | undefined>) => [...new Set([...ids].filter((id): id is number => typeof id === 'number' && id > 0))];

/**
 * Recomputes the state of these units from the facts (open warnings, faulty channels, board liveness,
 * open orders) with the one rule `fall_eq_state` of 0016_equipment_state.sql, in the caller's
 * transaction; `state_since` moves only when the state does. Every write that changes one of those
 * facts calls this after it (docs/invariants.md "Equipment state"), so dealing a warning, a fixed
 * report or readings back to normal let the unit go back when nothing else holds it.
 *
 * Two statements, for writers moving facts of the same unit at once (PostgreSQL, read committed):
 * first the units' rows are locked, in id order, then the rule is read in a statement of its own,
 * whose snapshot is taken once the lock is held, so it sees every fact the previous holder committed
 * (one statement would read the facts of before it waited, and write a stale state over the other's).
 * The lock is FOR NO KEY UPDATE: it does not wait for the key-share locks that the other writer's new
 * warning or order takes on the unit's row, so two of them cannot deadlock.
 */
export async function recomputeEquipmentState(tx: Db, ids: Iterable<number | null | undefined>, now = new Date()): Promise<EquipmentStateChange[]> {
  const list = idsOf(ids).sort((a, b) => a - b);
  if (!list.length) return [];
  const array = `{${list.join(',')}}`;
  await tx.execute(sql`SELECT id FROM fall_eq_info WHERE id = ANY(${array}::int[]) ORDER BY id FOR NO KEY UPDATE`);
  const res = await tx.execute(sql`
    UPDATE fall_eq_info e SET state = x.state, state_since = ${now.toISOString()}
      FROM (SELECT id, fall_eq_state(id) AS state FROM fall_eq_info WHERE id = ANY(${array}::int[])) x
     WHERE x.id = e.id AND e.state IS DISTINCT FROM x.state
    RETURNING e.id, e.project_id AS "projectId", e.state`);
  return (res.rows as unknown as EquipmentStateChange[]).map((r) => ({ id: Number(r.id), projectId: Number(r.projectId), state: r.state }));
}

/** The units wired to channels of these boards (what a board's liveness or readings decide). */
export async function equipmentOfBoards(tx: Db, boardIds: number[]): Promise<number[]> {
  if (!boardIds.length) return [];
  const rows = await tx
    .selectDistinct({ id: fallDetectChannel.equipmentId })
    .from(fallDetectChannel)
    .where(inArray(fallDetectChannel.detectId, boardIds));
  return idsOf(rows.map((r) => r.id));
}

/** Every unit at once (seeds, repair after bulk writes): one statement, states that already agree stay untouched. */
export async function recomputeAllEquipmentStates(tx: Db): Promise<number> {
  const res = await tx.execute(sql`
    UPDATE fall_eq_info e SET state = x.state, state_since = now()
      FROM (SELECT id, fall_eq_state(id) AS state FROM fall_eq_info) x
     WHERE x.id = e.id AND e.state IS DISTINCT FROM x.state
    RETURNING e.id`);
  return res.rows.length;
}
