import type { AppInstance } from '../../app-instance';
import { idAnswer } from '@shared/contracts/common';
import { asc, eq, sql } from 'drizzle-orm';
import { cardQuerySchema, cardSaveSchema, cardUpdateSchema, parseCardConfig, type CardType, cardSchema } from '@shared/contracts/scene';
import { shipCard } from '../../db/schema';
import { filters, ok, resourceRoutes } from '../../lib/crud';
import { badRequest, notFound } from '../../lib/errors';
import { registerSortRoute } from '../../lib/sort-order';
import { dropCardsFromLayouts } from './scenes.repository';
import { RESOURCES } from '@shared/resources';

const PERMISSION = 'ship-cards';
const updateSchema = cardUpdateSchema;

function checkedConfig(type: CardType, config: unknown): Record<string, unknown> {
  const parsed = parseCardConfig(type, config);
  if (!parsed.ok) throw badRequest(Object.values(parsed.fields)[0], parsed.fields);
  return parsed.config;
}

/** ship/cards: configured wall panels. The config is checked against the card's type on every write. */
export async function cardRoutes(app: AppInstance): Promise<void> {
  resourceRoutes(app, RESOURCES.card, {
    rows: {
      table: shipCard,
      row: cardSchema,
      id: shipCard.id,
      query: cardQuerySchema,
      where: { name: filters.search(shipCard.name, shipCard.nameEn), type: filters.eq(shipCard.type) },
      sortable: { name: shipCard.name, type: shipCard.type, createdAt: shipCard.createdAt },
      // Their own order (drag-sorted), the palette's too.
      defaultSort: [asc(shipCard.sort), asc(shipCard.id)],
    },
    list: true,
    listAll: true,
    read: true,
    export: { name: 'cards' },
    remove: { after: (ids) => dropCardsFromLayouts(app.database, ids) },
  });

  registerSortRoute(app, { url: '/ship/cards/sort', permission: `${PERMISSION}#update`, table: shipCard, id: shipCard.id, sort: shipCard.sort, sortKey: 'sort' });

  app.post('/ship/cards/save', { schema: { body: cardSaveSchema, response: { 200: idAnswer } }, config: { permission: `${PERMISSION}#save` } }, async (request) => {
    const body = request.body;
    const [row] = await app.database.db
      .insert(shipCard)
      .values({ name: body.name, nameEn: body.nameEn ?? '', type: body.type, config: checkedConfig(body.type, body.config), sort: sql`(SELECT coalesce(max(sort), 0) + 1 FROM ship_card)` })
      .returning({ id: shipCard.id });
    return ok({ id: row.id });
  });

  app.post('/ship/cards/update', { schema: { body: updateSchema, response: { 200: idAnswer } }, config: { permission: `${PERMISSION}#update` } }, async (request) => {
    const { id, ...body } = request.body;
    return app.database.db.transaction(async (tx) => {
      const [current] = await tx.select().from(shipCard).where(eq(shipCard.id, id)).for('update');
      if (!current) throw notFound();
      const type = (body.type ?? current.type) as CardType;
      // A new type re-checks the config it keeps, so a card never holds a config its type cannot read.
      const config = body.config !== undefined || body.type !== undefined ? checkedConfig(type, body.config ?? current.config) : current.config;
      await tx.update(shipCard).set({ name: body.name ?? current.name, nameEn: body.nameEn ?? current.nameEn, type, config }).where(eq(shipCard.id, id));
      return ok({ id });
    });
  });
}
