import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ReportPart, StockMoveKind } from '@shared/contracts/stock';
import { serverText } from '@shared/server-text';
import type { Db } from '../../../db/client';
import { fallEqInfo, fallSparePart, fallStock, fallStockMove, fallStore } from '../../../db/schema';
import { ApiError, badRequest } from '../../../lib/errors';
import { CODE } from '@shared/constants';

/**
 * Parts stock (docs/maintenance.md "Parts and stock"). Every count changes here and only here, in
 * the caller's transaction: a move row is written, the part's count in its store and its total move
 * by the same quantity, and a count that would fall below zero refuses the move (400 naming the
 * field and the part). The count is so always the sum of the moves.
 */

export interface MoveInput {
  partId: number;
  storeId: number;
  kind: StockMoveKind;
  /** Signed: negative takes from the store. */
  quantity: number;
  reason?: string;
  orderId?: number | null;
  reportId?: number | null;
  at?: Date;
  by: string;
}

interface PartInStore {
  partId: number;
  partName: string;
  partProject: number;
  unitCost: number;
  storeId: number | null;
  storeName: string | null;
  storeNameEn: string | null;
  storeProject: number | null;
}

/** The part with its unit's project, and the store (live) with its own, or null when the part is unknown. */
async function partAndStore(tx: Db, partId: number, storeId: number): Promise<PartInStore | null> {
  const [row] = await tx
    .select({
      partId: fallSparePart.id, partName: fallSparePart.name, partProject: fallEqInfo.projectId, unitCost: fallSparePart.unitCost,
      storeId: fallStore.id, storeName: fallStore.name, storeNameEn: fallStore.nameEn, storeProject: fallStore.projectId,
    })
    .from(fallSparePart)
    .innerJoin(fallEqInfo, eq(fallEqInfo.id, fallSparePart.equipmentId))
    .leftJoin(fallStore, and(eq(fallStore.id, storeId), isNull(fallStore.archivedAt)))
    .where(eq(fallSparePart.id, partId));
  return row ?? null;
}

/**
 * Where a part and a store are checked for a move: unknown ones are `v.option`, a store of another
 * project `v.storeProject`. `fields` names the fields of the caller's body (a report's `parts.2.*`).
 */
export async function checkedPartAndStore(tx: Db, partId: number, storeId: number, fields: { partId: string; storeId: string }): Promise<PartInStore & { storeId: number; storeName: string; storeNameEn: string; storeProject: number }> {
  const row = await partAndStore(tx, partId, storeId);
  if (!row) throw badRequest('v.option', { [fields.partId]: 'v.option' });
  if (row.storeId === null) throw badRequest('v.option', { [fields.storeId]: 'v.option' });
  if (row.storeProject !== row.partProject) throw badRequest('v.storeProject', { [fields.storeId]: 'v.storeProject' });
  return row as PartInStore & { storeId: number; storeName: string; storeNameEn: string; storeProject: number };
}

/**
 * Writes one move and moves the counts by it. A take (negative) beyond the store's count is refused
 * with `err.stockShort` on `field`, and nothing of the move is written. Answers the move's id and the
 * store's count after it.
 */
export async function applyMove(tx: Db, move: MoveInput, field: string, fields = { partId: 'partId', storeId: 'storeId' }): Promise<{ id: number; quantity: number }> {
  const part = await checkedPartAndStore(tx, move.partId, move.storeId, fields);
  let after: number;
  if (move.quantity < 0) {
    // One statement: the row lock makes two takes at once see each other's count.
    const [taken] = await tx
      .update(fallStock)
      .set({ quantity: sql`${fallStock.quantity} + ${move.quantity}` })
      .where(and(eq(fallStock.partId, move.partId), eq(fallStock.storeId, move.storeId), sql`${fallStock.quantity} + ${move.quantity} >= 0`))
      .returning({ quantity: fallStock.quantity });
    if (!taken) {
      const [stock] = await tx.select({ quantity: fallStock.quantity }).from(fallStock).where(and(eq(fallStock.partId, move.partId), eq(fallStock.storeId, move.storeId)));
      const params = { part: part.partName, store: part.storeName, storeEn: part.storeNameEn, have: stock?.quantity ?? 0, want: -move.quantity };
      // Stored text, rendered in the caller's language as the answer leaves (the store's English name in English).
      const text = serverText('err.stockShort', params);
      throw new ApiError(CODE.badRequest, text, { [field]: text });
    }
    after = taken.quantity;
  } else {
    const [put] = await tx
      .insert(fallStock)
      .values({ partId: move.partId, storeId: move.storeId, quantity: move.quantity })
      .onConflictDoUpdate({ target: [fallStock.partId, fallStock.storeId], set: { quantity: sql`${fallStock.quantity} + ${move.quantity}` } })
      .returning({ quantity: fallStock.quantity });
    after = put.quantity;
  }
  await tx.update(fallSparePart).set({ quantity: sql`${fallSparePart.quantity} + ${move.quantity}` }).where(eq(fallSparePart.id, move.partId));
  const [row] = await tx
    .insert(fallStockMove)
    .values({
      partId: move.partId, storeId: move.storeId, kind: move.kind, quantity: move.quantity, unitCost: part.unitCost,
      reason: move.reason ?? '', orderId: move.orderId ?? null, reportId: move.reportId ?? null, at: move.at ?? new Date(), by: move.by,
    })
    .returning({ id: fallStockMove.id });
  return { id: row.id, quantity: after };
}

/**
 * A report's parts, issued to its order in the report's transaction: each part must be kept in the
 * order's project (`v.partProject`), each part and store once (`v.partTwice`), and each store must
 * hold enough (`err.stockShort` naming the part); one refusal throws, and the caller's transaction
 * writes nothing.
 */
export async function issueReportParts(tx: Db, parts: readonly ReportPart[], report: { orderId: number; projectId: number | null; reportId: number; at: Date; by: string }): Promise<number> {
  const seen = new Set<string>();
  parts.forEach((p, i) => {
    const key = `${p.partId}-${p.storeId}`;
    if (seen.has(key)) throw badRequest('v.partTwice', { [`parts.${i}.partId`]: 'v.partTwice' });
    seen.add(key);
  });
  for (const [i, p] of parts.entries()) {
    const fields = { partId: `parts.${i}.partId`, storeId: `parts.${i}.storeId` };
    const found = await checkedPartAndStore(tx, p.partId, p.storeId, fields);
    if (report.projectId !== null && found.partProject !== report.projectId) throw badRequest('v.partProject', { [fields.partId]: 'v.partProject' });
    await applyMove(tx, { partId: p.partId, storeId: p.storeId, kind: 'issue', quantity: -p.quantity, orderId: report.orderId, reportId: report.reportId, at: report.at, by: report.by }, `parts.${i}.quantity`, fields);
  }
  return parts.length;
}

/** A report that took parts is a stock record: it is not deleted (`err.reportHasParts`). */
export async function assertNoIssuedParts(tx: Db, reportIds: number[]): Promise<void> {
  if (!reportIds.length) return;
  const [row] = await tx.select({ id: fallStockMove.id }).from(fallStockMove).where(inArray(fallStockMove.reportId, reportIds)).limit(1);
  if (row) throw badRequest('err.reportHasParts');
}

/** A part with moves keeps them: it is not deleted (`err.partHasMoves`). */
export async function assertNoMoves(tx: Db, partIds: number[]): Promise<void> {
  if (!partIds.length) return;
  const [row] = await tx.select({ id: fallStockMove.id }).from(fallStockMove).where(inArray(fallStockMove.partId, partIds)).limit(1);
  if (row) throw badRequest('err.partHasMoves');
}
