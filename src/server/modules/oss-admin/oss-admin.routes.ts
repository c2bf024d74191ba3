import type { FastifyInstance } from 'fastify';
import { and, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { ZodError } from 'zod';
import { deletedAnswer, idAnswer, idListSchema } from '@shared/contracts/common';
import { isMessageKey } from '@shared/messages';
import {
  localConfigSchema,
  ossActivateSchema,
  ossConfigQuerySchema,
  ossConfigSchema,
  ossConfigUpdateSchema,
  ossFileQuerySchema,
  s3ConfigSchema,
  type OssProvider,
  ossConfigRowSchema,
  ossFileSchema,
} from '@shared/contracts/oss-config';
import { ossConfig, ossFile, sysUser } from '../../db/schema';
import { filters, ok, registerCrud } from '../../lib/crud';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { storageOf } from '../files';
import { RESOURCES } from '@shared/resources';

const SECRET = 'secretAccessKey';

function fieldsOf(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [''];
    for (const key of keys) {
      const path = ['config', ...issue.path.map(String), key].filter(Boolean).join('.');
      fields[path] ??= issue.code === 'unrecognized_keys' ? 'v.unknownField' : isMessageKey(issue.message) ? issue.message : 'v.required';
    }
  }
  return fields;
}

/**
 * Checks a provider's settings. The S3 secret is write-only: when an update leaves it out or
 * empty, the stored one is kept.
 */
export function checkOssConfig(provider: OssProvider, config: Record<string, unknown>, stored?: Record<string, unknown>): Record<string, unknown> {
  const parsed = (provider === 's3' ? s3ConfigSchema : localConfigSchema).safeParse(config);
  if (!parsed.success) {
    const fields = fieldsOf(parsed.error);
    throw badRequest(Object.values(fields)[0], fields);
  }
  const value = { ...parsed.data } as Record<string, unknown>;
  if (provider === 's3') {
    const secret = typeof value[SECRET] === 'string' && value[SECRET] ? value[SECRET] : stored?.[SECRET];
    if (!secret) throw badRequest('v.required', { [`config.${SECRET}`]: 'v.required' });
    value[SECRET] = secret;
  }
  return value;
}

/**
 * New uploads go to the active configuration (files.service.ts `activeFolder`): a local folder. An
 * S3-compatible configuration can be kept but not made active: no S3 client is built yet, and an
 * active one would have been ignored without a word.
 */
function assertActivatable(provider: string, active: boolean | undefined): void {
  if (active && provider === 's3') throw conflict('err.s3Inactive');
}

/** oss/oss-config (storage configurations, one active) and oss/oss (the list of stored files). */
export async function ossAdminRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.database.db;

  registerCrud(app, {
    resource: RESOURCES.ossConfig,
    table: ossConfig,
    row: ossConfigRowSchema,
    id: ossConfig.id,
    without: ['save', 'update', 'delete'],
    create: ossConfigSchema,
    query: ossConfigQuerySchema,
    where: { name: filters.like(ossConfig.name), provider: filters.eq(ossConfig.provider) },
    sortable: { name: ossConfig.name, createdAt: ossConfig.createdAt },
    defaultSort: [desc(ossConfig.active), desc(ossConfig.createdAt)],
    // The stored JSON without the secret, and whether one is stored.
    hidden: ['config'],
    extra: {
      config: sql<Record<string, unknown>>`(${ossConfig.config} - ${SECRET}::text)`.as('config'),
      hasSecret: sql<boolean>`jsonb_exists(${ossConfig.config}, ${SECRET}::text)`.as('has_secret'),
    },
    exportName: 'storage-config',
  });

  app.post('/oss/config/save', { schema: { body: ossConfigSchema, response: { 200: idAnswer } }, config: { permission: 'oss-config#save' } }, async (request) => {
    const body = request.body as { name: string; provider: OssProvider; config: Record<string, unknown>; active: boolean };
    const config = checkOssConfig(body.provider, body.config);
    assertActivatable(body.provider, body.active);
    const id = await db().transaction(async (tx) => {
      if (body.active) await tx.update(ossConfig).set({ active: false }).where(eq(ossConfig.active, true));
      const [row] = await tx.insert(ossConfig).values({ ...body, config }).returning({ id: ossConfig.id });
      return row.id;
    });
    return ok({ id });
  });

  app.post('/oss/config/update', { schema: { body: ossConfigUpdateSchema, response: { 200: idAnswer } }, config: { permission: 'oss-config#update' } }, async (request) => {
    const { id, ...body } = request.body as { id: number; name?: string; provider?: OssProvider; config?: Record<string, unknown>; active?: boolean };
    await db().transaction(async (tx) => {
      const [old] = await tx.select().from(ossConfig).where(eq(ossConfig.id, id));
      if (!old) throw notFound();
      const provider = body.provider ?? (old.provider as OssProvider);
      const stored = old.provider === provider ? (old.config as Record<string, unknown>) : undefined;
      const config = body.config || body.provider ? checkOssConfig(provider, body.config ?? {}, stored) : undefined;
      assertActivatable(provider, body.active ?? old.active);
      if (body.active) await tx.update(ossConfig).set({ active: false }).where(and(eq(ossConfig.active, true), ne(ossConfig.id, id)));
      await tx
        .update(ossConfig)
        .set({ ...body, provider, ...(config ? { config } : {}) })
        .where(eq(ossConfig.id, id));
    });
    return ok({ id });
  });

  app.post('/oss/config/activate', { schema: { body: ossActivateSchema, response: { 200: idAnswer } }, config: { permission: 'oss-config#update' } }, async (request) => {
    const { id } = request.body as { id: number };
    await db().transaction(async (tx) => {
      const [row] = await tx.select({ id: ossConfig.id, provider: ossConfig.provider }).from(ossConfig).where(eq(ossConfig.id, id));
      if (!row) throw notFound();
      assertActivatable(row.provider, true);
      await tx.update(ossConfig).set({ active: false }).where(and(eq(ossConfig.active, true), ne(ossConfig.id, id)));
      await tx.update(ossConfig).set({ active: true }).where(eq(ossConfig.id, id));
    });
    return ok({ id });
  });

  app.post('/oss/config/delete', { schema: { body: idListSchema, response: { 200: deletedAnswer } }, config: { permission: 'oss-config#delete' } }, async (request) => {
    const ids = request.body as number[];
    const [active] = await db().select({ id: ossConfig.id }).from(ossConfig).where(and(inArray(ossConfig.id, ids), eq(ossConfig.active, true)));
    if (active) throw conflict('err.activeConfig');
    const rows = await db().delete(ossConfig).where(inArray(ossConfig.id, ids)).returning({ id: ossConfig.id });
    return ok({ deleted: rows.length });
  });

  registerCrud(app, {
    resource: RESOURCES.file,
    table: ossFile,
    row: ossFileSchema,
    id: ossFile.id,
    // Uploads go through the files module (/oss/file/upload); storage keys stay on the server.
    without: ['save', 'update', 'listAll', 'delete'],
    create: ossFileQuerySchema,
    query: ossFileQuerySchema,
    hidden: ['storageKey', 'thumbKey'],
    extra: { createdByName: sysUser.username },
    from: (q) => q.leftJoin(sysUser, eq(sysUser.id, ossFile.createdBy)),
    where: {
      originalName: filters.like(ossFile.originalName),
      contentType: filters.like(ossFile.contentType),
      ownerType: filters.eq(ossFile.ownerType),
      provider: filters.eq(ossFile.provider),
      from: filters.gte(ossFile.createdAt),
      to: filters.lte(ossFile.createdAt),
    },
    sortable: { originalName: ossFile.originalName, size: ossFile.size, createdAt: ossFile.createdAt },
    defaultSort: [desc(ossFile.createdAt)],
    exportName: 'files',
  });

  // Only files nothing refers to may go; their bytes are removed after the rows are.
  app.post('/oss/file/delete', { schema: { body: idListSchema, response: { 200: deletedAnswer } }, config: { permission: 'oss-file#delete' } }, async (request) => {
    const ids = request.body as number[];
    const rows = await db().transaction(async (tx) => {
      const [owned] = await tx.select({ id: ossFile.id }).from(ossFile).where(and(inArray(ossFile.id, ids), isNotNull(ossFile.ownerId)));
      if (owned) throw conflict('err.inUse');
      return tx.delete(ossFile).where(inArray(ossFile.id, ids)).returning({ storageKey: ossFile.storageKey, thumbKey: ossFile.thumbKey });
    });
    const storage = storageOf(app);
    for (const r of rows) {
      await storage.delete(r.storageKey).catch((err) => request.log.warn({ err }, 'file bytes not removed'));
      if (r.thumbKey) await storage.delete(r.thumbKey).catch((err) => request.log.warn({ err }, 'thumbnail not removed'));
    }
    return ok({ deleted: rows.length });
  });
}
