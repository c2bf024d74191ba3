import type { FileOwnerType } from '@shared/contracts/file';
import type { TestApp } from './test-app';
import { fallEqInfo, fallProject, ossFile } from '../../src/server/db/schema';

/** Rows the operations tests need, written straight to the test database. */
let seq = 0;

export async function seedProject(t: TestApp, over: Partial<typeof fallProject.$inferInsert> = {}): Promise<number> {
  seq += 1;
  const [row] = await t.database.db
    .insert(fallProject)
    .values({ name: `Fountain ${seq}`, uniqueKey: `proj-${process.pid}-${seq}`, ...over })
    .returning({ id: fallProject.id });
  return row.id;
}

export async function seedEquipment(t: TestApp, projectId: number, name = 'Main pump'): Promise<number> {
  const [row] = await t.database.db.insert(fallEqInfo).values({ name, projectId }).returning({ id: fallEqInfo.id });
  return row.id;
}

/** An upload for a kind of record, not yet owned (what POST /oss/file/upload?ownerType=… leaves behind). */
export async function seedFile(t: TestApp, ownerType: FileOwnerType, contentType = 'application/pdf'): Promise<number> {
  seq += 1;
  const [row] = await t.database.db
    .insert(ossFile)
    .values({ originalName: `f${seq}`, contentType, size: 10, storageKey: `test/${seq}`, ownerType })
    .returning({ id: ossFile.id });
  return row.id;
}
