import type { FastifyBaseLogger } from 'fastify';
import type { AppInstance } from '../../app-instance';
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
import { filters, ok, resourceRoutes } from '../../lib/crud';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { outboundAllowed, parseOutboundHosts } from '../../lib/outbound';
import { fileProjectSql, storageOfFile } from '../files';
import type { S3Settings } from '../../storage/s3-storage';
import { RESOURCES } from '@shared/resources';

/** The project of a file's owning record, for the file list's data scope (files/owners.ts). */
const FILE_PROJECT = sql.raw(fileProjectSql('"oss_file"'));

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
 * New uploads go to the active configuration (files.service.ts `uploadTarget`). An S3-compatible
 * one becomes active only when its endpoint is on the outbound allow-list and its bucket answers to
 * its keys (HeadBucket), so uploads never start
 * failing the moment it is switched on. What went wrong is logged by its name only (the SDK's
 * errors hold no secret, but the settings are never logged).
 */
async function assertReachable(app: AppInstance, log: FastifyBaseLogger, provider: string, config: Record<string, unknown>, active: boolean | undefined): Promise<void> {
  if (!active || provider !== 's3') return;
  // The server calls the endpoint from now on: it must be a host an administrator allowed
  // (security.outboundHosts, as for every outbound call), checked before any connection is made.
  if (!outboundAllowed(String(config.endpoint ?? ''), parseOutboundHosts(await app.settings.get('security.outboundHosts')))) {
    throw badRequest('err.outboundRefused', { 'config.endpoint': 'err.outboundRefused' });
  }
  const { S3Storage } = await import('../../storage/s3-storage');
  const storage = new S3Storage(config as unknown as S3Settings);
  try {
    await storage.check();
  } catch (err) {
    log.warn({ s3Error: (err as Error).name, status: (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode }, 'S3 bucket not reachable');
    throw badRequest('err.s3Unreachable', { 'config.endpoint': 'err.s3Unreachable' });
  } finally {
    storage.destroy();
  }
}

/** oss/oss-config (storage configurations, one active) and oss/oss (the list of stored files). */
export async function ossAdminRoutes(app: AppInstance): Promise<void> {
  const db = () => app.database.db;
  const holdsFiles = async (id: number) => (await db().select({ id: ossFile.id }).from(ossFile).where(eq(ossFile.configId, id)).limit(1)).length > 0;

  resourceRoutes(app, RESOURCES.ossConfig, {
    rows: {
      table: ossConfig,
      row: ossConfigRowSchema,
      id: ossConfig.id,
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
    },
    list: true,
    listAll: true,
    read: true,
    export: { name: 'storage-config' },
  });

  app.post('/oss/config/save', { schema: { body: ossConfigSchema, response: { 200: idAnswer } }, config: { permission: 'oss-config#save' } }, async (request) => {
    const body = request.body;
    const config = checkOssConfig(body.provider, body.config);
    await assertReachable(app, request.log, body.provider, config, body.active);
    const id = await db().transaction(async (tx) => {
      if (body.active) await tx.update(ossConfig).set({ active: false }).where(eq(ossConfig.active, true));
      const [row] = await tx.insert(ossConfig).values({ ...body, config }).returning({ id: ossConfig.id });
      return row.id;
    });
    return ok({ id });
  });

  app.post('/oss/config/update', { schema: { body: ossConfigUpdateSchema, response: { 200: idAnswer } }, config: { permission: 'oss-config#update' } }, async (request) => {
    const { id, ...body } = request.body;
    const [old] = await db().select().from(ossConfig).where(eq(ossConfig.id, id));
    if (!old) throw notFound();
    const provider = body.provider ?? (old.provider as OssProvider);
    const stored = old.provider === provider ? (old.config as Record<string, unknown>) : undefined;
    const config = body.config || body.provider ? checkOssConfig(provider, body.config ?? {}, stored) : undefined;
    // Keys of stored files mean something only in the store they were written to.
    if (provider !== old.provider && (await holdsFiles(id))) throw conflict('err.configProviderFiles');
    await assertReachable(app, request.log, provider, config ?? (old.config as Record<string, unknown>), body.active ?? old.active);
    await db().transaction(async (tx) => {
      if (body.active) await tx.update(ossConfig).set({ active: false }).where(and(eq(ossConfig.active, true), ne(ossConfig.id, id)));
      await tx
        .update(ossConfig)
        .set({ ...body, provider, ...(config ? { config } : {}) })
        .where(eq(ossConfig.id, id));
    });
    return ok({ id });
  });

  app.post('/oss/config/activate', { schema: { body: ossActivateSchema, response: { 200: idAnswer } }, config: { permission: 'oss-config#update' } }, async (request) => {
    const { id } = request.body;
    const [row] = await db().select({ id: ossConfig.id, provider: ossConfig.provider, config: ossConfig.config }).from(ossConfig).where(eq(ossConfig.id, id));
    if (!row) throw notFound();
    await assertReachable(app, request.log, row.provider, row.config as Record<string, unknown>, true);
    await db().transaction(async (tx) => {
      await tx.update(ossConfig).set({ active: false }).where(and(eq(ossConfig.active, true), ne(ossConfig.id, id)));
      await tx.update(ossConfig).set({ active: true }).where(eq(ossConfig.id, id));
    });
    return ok({ id });
  });

  app.post('/oss/config/delete', { schema: { body: idListSchema, response: { 200: deletedAnswer } }, config: { permission: 'oss-config#delete' } }, async (request) => {
    const ids = request.body;
    const [active] = await db().select({ id: ossConfig.id }).from(ossConfig).where(and(inArray(ossConfig.id, ids), eq(ossConfig.active, true)));
    if (active) throw conflict('err.activeConfig');
    const [used] = await db().select({ id: ossFile.id }).from(ossFile).where(inArray(ossFile.configId, ids)).limit(1);
    if (used) throw conflict('err.configHasFiles');
    const rows = await db().delete(ossConfig).where(inArray(ossConfig.id, ids)).returning({ id: ossConfig.id });
    return ok({ deleted: rows.length });
  });

  resourceRoutes(app, RESOURCES.file, {
    rows: {
      table: ossFile,
      row: ossFileSchema,
      id: ossFile.id,
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
      project: { column: FILE_PROJECT },
    },
    // Uploads go through the files module (/oss/file/upload); storage keys stay on the server.
    list: true,
    read: true,
    export: { name: 'files' },
  });

  // Only files nothing refers to may go; their bytes are removed after the rows are.
  app.post('/oss/file/delete', { schema: { body: idListSchema, response: { 200: deletedAnswer } }, config: { permission: 'oss-file#delete' } }, async (request) => {
    const ids = request.body;
    const rows = await db().transaction(async (tx) => {
      const [owned] = await tx.select({ id: ossFile.id }).from(ossFile).where(and(inArray(ossFile.id, ids), isNotNull(ossFile.ownerId)));
      if (owned) throw conflict('err.inUse');
      return tx.delete(ossFile).where(inArray(ossFile.id, ids)).returning({ storageKey: ossFile.storageKey, thumbKey: ossFile.thumbKey, configId: ossFile.configId });
    });
    for (const r of rows) {
      const storage = await storageOfFile(app, r);
      await storage.delete(r.storageKey).catch((err) => request.log.warn({ err }, 'file bytes not removed'));
      if (r.thumbKey) await storage.delete(r.thumbKey).catch((err) => request.log.warn({ err }, 'thumbnail not removed'));
    }
    return ok({ deleted: rows.length });
  });
}
