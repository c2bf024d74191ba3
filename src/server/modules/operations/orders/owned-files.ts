import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { FileOwnerType } from '@shared/contracts/file';
import type { Db } from '../../../db/client';
import { ossFile } from '../../../db/schema';
import { badRequest } from '../../../lib/errors';

/**
 * Makes `ids` the files of one record (oss_file.owner_type/owner_id) inside the record's save
 * transaction, so downloads can check access through the owner. A file must exist and be unowned
 * (or already this record's); anything else is bad input on `field`. Files the record no longer
 * lists go back to unowned, where the storage cleanup job removes them.
 */
export async function attachFiles(
  tx: Db,
  ownerType: FileOwnerType,
  ownerId: number,
  fields: Record<string, number[]>,
): Promise<void> {
  const all = [...new Set(Object.values(fields).flat())];
  if (all.length) {
    const rows = await tx
      .select({ id: ossFile.id, ownerType: ossFile.ownerType, ownerId: ossFile.ownerId })
      .from(ossFile)
      .where(inArray(ossFile.id, all));
    const usable = new Set(
      rows
        .filter((r) => (r.ownerId === null && (r.ownerType === '' || r.ownerType === ownerType)) || (r.ownerType === ownerType && r.ownerId === ownerId))
        .map((r) => r.id),
    );
    for (const [field, ids] of Object.entries(fields)) {
      if (ids.some((id) => !usable.has(id))) throw badRequest('v.fileInvalid', { [field]: 'v.fileInvalid' });
    }
    await tx.update(ossFile).set({ ownerType, ownerId }).where(inArray(ossFile.id, all));
  }
  await tx
    .update(ossFile)
    .set({ ownerId: null })
    .where(and(eq(ossFile.ownerType, ownerType), eq(ossFile.ownerId, ownerId), all.length ? notInArray(ossFile.id, all) : undefined));
}

/** Deleted records give their files back to the cleanup job. */
export async function releaseFiles(tx: Db, ownerType: FileOwnerType, ownerIds: number[]): Promise<void> {
  if (!ownerIds.length) return;
  await tx.update(ossFile).set({ ownerId: null }).where(and(eq(ossFile.ownerType, ownerType), inArray(ossFile.ownerId, ownerIds)));
}

/** The non-null file ids of single-file fields (drawing picture and file). */
export const presentIds = (...ids: (number | null | undefined)[]) => ids.filter((id): id is number => typeof id === 'number');

