import { and, eq, inArray, isNull, ne, type SQL } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { shipCard, shipScene } from '../../db/schema';
import type { Card, SceneItem, SceneView } from '@shared/contracts/scene';
import { badRequest } from '../../lib/errors';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** A scene with the cards its layout places, in the shape the walls render. */
export async function loadSceneView(db: Db, where: SQL): Promise<SceneView | null> {
  const [scene] = await db.select().from(shipScene).where(where).limit(1);
  if (!scene) return null;
  const ids = [...new Set(scene.layout.map((it) => it.cardId))];
  const cards = ids.length ? await db.select().from(shipCard).where(inArray(shipCard.id, ids)) : [];
  const known = new Set(cards.map((c) => c.id));
  return {
    ...scene,
    // A card deleted since the layout was saved simply leaves its cell empty.
    layout: scene.layout.filter((it) => known.has(it.cardId)),
    createdAt: scene.createdAt.toISOString(),
    updatedAt: scene.updatedAt.toISOString(),
    cards: cards.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() }) as Card),
  };
}

/** The scene a wall opens by default: the project's own default, else the global default. */
export async function defaultSceneView(db: Db, projectId?: number): Promise<SceneView | null> {
  if (projectId) {
    const own = await loadSceneView(db, and(eq(shipScene.isDefault, true), eq(shipScene.projectId, projectId))!);
    if (own) return own;
  }
  return loadSceneView(db, and(eq(shipScene.isDefault, true), isNull(shipScene.projectId))!);
}

/** Every card a layout names must exist; the field message points at the first missing one. */
export async function checkLayoutCards(tx: Tx, layout: SceneItem[]): Promise<void> {
  const ids = [...new Set(layout.map((it) => it.cardId))];
  if (!ids.length) return;
  const found = new Set((await tx.select({ id: shipCard.id }).from(shipCard).where(inArray(shipCard.id, ids))).map((r) => r.id));
  const missing = layout.findIndex((it) => !found.has(it.cardId));
  if (missing >= 0) throw badRequest('scene.cardMissing', { [`layout.${missing}.cardId`]: 'scene.cardMissing' });
}

/** Only one default per scope (global, or one project): making a scene default unmarks the others. */
export async function clearOtherDefaults(tx: Tx, projectId: number | null, exceptId?: number): Promise<void> {
  const scope = projectId === null ? isNull(shipScene.projectId) : eq(shipScene.projectId, projectId);
  await tx
    .update(shipScene)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(eq(shipScene.isDefault, true), scope, exceptId ? ne(shipScene.id, exceptId) : undefined));
}

/** Removes deleted cards from every layout that placed them. */
export async function dropCardsFromLayouts(database: Database, cardIds: number[]): Promise<void> {
  if (!cardIds.length) return;
  await database.query(
    `UPDATE ship_scene SET updated_at = now(), layout = COALESCE((
       SELECT jsonb_agg(e ORDER BY n) FROM jsonb_array_elements(layout) WITH ORDINALITY AS t(e, n)
        WHERE NOT ((e->>'cardId')::int = ANY($1::int[]))), '[]'::jsonb)
      WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(layout) e WHERE (e->>'cardId')::int = ANY($1::int[]))`,
    [cardIds],
  );
}
