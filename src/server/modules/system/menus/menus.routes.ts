import type { AppInstance } from '../../../app-instance';
import { asc, eq, sql } from 'drizzle-orm';
import { emptyAnswer, envelopeOf, listAllAnswerOf } from '@shared/contracts/common';
import { z } from 'zod';
import {
  MENU_TYPE,
  menuIdParamSchema,
  menuSaveSchema,
  menuStateSchema,
  menuUpdateSchema,
  queryAllMenuIdSchema,
  type MenuRow,
  type MenuSelectNode,
  menuRowSchema,
  menuSelectNodeSchema,
} from '@shared/contracts/menus';
import type { Db } from '../../../db/client';
import { sysMenu, sysRole, sysRoleMenu } from '../../../db/schema';
import { badRequest, notFound } from '../../../lib/errors';
import { allRows, LIST_ALL_QUERY_LIMIT, ok } from '../../../lib/crud';
import { allMenus, buildTree, isSelfOrDescendant, menuColumns } from './menu-tree.service';
import { registerSortRoute } from '../../../lib/sort-order';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The role screen shows the whole menu tree to grant from: its editors may read it too. */
const READ_TREE = ['sys-menu#list', 'sys-role#info', 'sys-role#save', 'sys-role#update'];
const PICK_PARENT = ['sys-menu#list', 'sys-menu#save', 'sys-menu#update'];

const rowSelection = {
  menuId: sysMenu.id,
  ...menuColumns,
  parentName: sql<string>`coalesce((SELECT p.name FROM sys_menu p WHERE p.id = "sys_menu"."parent_id"), '')`,
};

/** A parent must exist, not be a button, and (on update) not be the menu itself or below it. */
async function assertParent(tx: Tx, parentId: number, menuId?: number): Promise<void> {
  if (parentId === 0) return;
  const all = await tx.select({ id: sysMenu.id, parentId: sysMenu.parentId, type: sysMenu.type }).from(sysMenu);
  const parent = all.find((m) => m.id === parentId);
  const invalid = !parent || parent.type === MENU_TYPE.button || (menuId !== undefined && isSelfOrDescendant(all, menuId, parentId));
  if (invalid) throw badRequest('err.menuParent', { parentId: 'err.menuParent' });
}

/** sys/menu (menuCode sys-menu): every call of spec §7 "Menu" except nav (identity/account.routes.ts). */
/** save and update answer the menu's id under its own name (spec §7). */
const menuIdAnswer = envelopeOf(z.object({ menuId: z.number().int() }));

export async function menuRoutes(app: AppInstance): Promise<void> {
  const { db } = app.database;

  app.get('/sys/menu/listAll', { schema: { response: { 200: listAllAnswerOf(menuRowSchema) } }, config: { permission: READ_TREE } }, async () => {
    const rows: MenuRow[] = await db.select(rowSelection).from(sysMenu).orderBy(asc(sysMenu.parentId), asc(sysMenu.sort), asc(sysMenu.id)).limit(LIST_ALL_QUERY_LIMIT);
    return allRows(rows, async () => (await db.select({ n: sql<number>`count(*)::int` }).from(sysMenu))[0].n);
  });

  app.get('/sys/menu/info/:menuId', { schema: { response: { 200: envelopeOf(menuRowSchema) }, params: menuIdParamSchema }, config: { permission: 'sys-menu#info' } }, async (request) => {
    const { menuId } = request.params;
    const [row] = await db.select(rowSelection).from(sysMenu).where(eq(sysMenu.id, menuId));
    if (!row) throw notFound();
    return ok(row);
  });

  app.get('/sys/menu/queryAllMenuId', { schema: { response: { 200: envelopeOf(z.array(z.number())) }, querystring: queryAllMenuIdSchema }, config: { permission: READ_TREE } }, async (request) => {
    const { roleId } = request.query;
    if (roleId === undefined) {
      const rows = await db.select({ id: sysMenu.id }).from(sysMenu).orderBy(asc(sysMenu.id));
      return ok(rows.map((r) => r.id));
    }
    const [role] = await db.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.id, roleId));
    if (!role) throw notFound();
    const rows = await db.select({ id: sysRoleMenu.menuId }).from(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId)).orderBy(asc(sysRoleMenu.menuId));
    return ok(rows.map((r) => r.id));
  });

  app.get('/sys/menu/select', { schema: { response: { 200: envelopeOf(z.array(menuSelectNodeSchema)) } }, config: { permission: PICK_PARENT } }, async () => {
    const parents = (await allMenus(app)).filter((m) => m.type !== MENU_TYPE.button);
    const tree = buildTree<(typeof parents)[number], MenuSelectNode>(parents, (m, list) => ({
      menuId: m.id,
      parentId: m.parentId,
      name: m.name,
      nameEn: m.nameEn,
      type: m.type,
      list,
    }));
    return ok(tree);
  });

  app.post('/sys/menu/save', { schema: { body: menuSaveSchema, response: { 200: menuIdAnswer } }, config: { permission: 'sys-menu#save' } }, async (request) => {
    const body = request.body;
    const menuId = await db.transaction(async (tx) => {
      await assertParent(tx, body.parentId);
      const [row] = await tx.insert(sysMenu).values(body).returning({ id: sysMenu.id });
      return row.id;
    });
    return ok({ menuId });
  });

  app.post('/sys/menu/update', { schema: { body: menuUpdateSchema, response: { 200: menuIdAnswer } }, config: { permission: 'sys-menu#update' } }, async (request) => {
    const { menuId, ...fields } = request.body;
    await db.transaction(async (tx) => {
      const [current] = await tx.select({ id: sysMenu.id }).from(sysMenu).where(eq(sysMenu.id, menuId)).for('update');
      if (!current) throw notFound();
      await assertParent(tx, fields.parentId, menuId);
      if (fields.type === MENU_TYPE.button) {
        const [child] = await tx.select({ id: sysMenu.id }).from(sysMenu).where(eq(sysMenu.parentId, menuId)).limit(1);
        if (child) throw badRequest('err.hasChildren', { type: 'err.hasChildren' });
      }
      await tx.update(sysMenu).set(fields).where(eq(sysMenu.id, menuId));
    });
    return ok({ menuId });
  });

  app.post(
    '/sys/menu/delete/:menuId',
    { schema: { params: menuIdParamSchema, response: { 200: emptyAnswer } }, config: { permission: 'sys-menu#delete', log: { module: 'sys/menu', action: 'delete' } } },
    async (request) => {
      const { menuId } = request.params;
      await db.transaction(async (tx) => {
        const [child] = await tx.select({ id: sysMenu.id }).from(sysMenu).where(eq(sysMenu.parentId, menuId)).limit(1);
        if (child) throw badRequest('err.hasChildren');
        // Grants of the menu go with it (ON DELETE CASCADE on sys_role_menu).
        const rows = await tx.delete(sysMenu).where(eq(sysMenu.id, menuId)).returning({ id: sysMenu.id });
        if (!rows.length) throw notFound();
      });
      return ok(null);
    },
  );

  // Drag-sort of the menu tree: the children of one parent in their new order.
  registerSortRoute(app, { url: '/sys/menu/sort', permission: 'sys-menu#update', table: sysMenu, id: sysMenu.id, sort: sysMenu.sort, sortKey: 'sort', group: sysMenu.parentId });

  app.post('/sys/menu/updateState', { schema: { body: menuStateSchema, response: { 200: emptyAnswer } }, config: { permission: 'sys-menu#status' } }, async (request) => {
    const { menuId, status } = request.body;
    const rows = await db.update(sysMenu).set({ status }).where(eq(sysMenu.id, menuId)).returning({ id: sysMenu.id });
    if (!rows.length) throw notFound();
    return ok(null);
  });
}
