import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { loadSharp } from '../../lib/sharp';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { isImageType, type FileOwnerType, type UploadedFile } from '@shared/contracts/file';
import { FOLDER_PART } from '@shared/contracts/oss-config';
import type { Db, Database } from '../../db/client';
import { ossConfig, ossFile } from '../../db/schema';
import { ApiError, badRequest } from '../../lib/errors';
import { CODE } from '@shared/constants';
import { allows, type AuthContext } from '../../plugins/auth';
import { LocalStorage } from '../../storage/local-storage';
import type { Storage } from '../../storage/storage';
import type { S3Settings, S3Storage } from '../../storage/s3-storage';
import { extensionOf, sniffContentType } from '../../storage/sniff';
import { GENERAL_DOWNLOAD, OWNER_RULES } from './owners';
import { inScope } from '../../lib/data-scope';
import { isDiskFull } from '../../db/availability';

const THUMB_SIZE = 320;
const locals = new WeakMap<object, Storage>();
/** S3 clients by configuration id, remade when the configuration's settings change. */
const buckets = new WeakMap<object, Map<number, { settings: string; storage: S3Storage }>>();

/**
 * The files directory (FILES_DIR): files stored through a local configuration, or with none. Keys
 * are relative to it (a local configuration's folder is part of the key), so a file is read back
 * wherever the active configuration sends later uploads.
 */
export function storageOf(app: Pick<FastifyInstance, 'config'>): Storage {
  let s = locals.get(app.config);
  if (!s) {
    s = new LocalStorage(app.config.filesDir);
    locals.set(app.config, s);
  }
  return s;
}

type ConfigRow = Pick<typeof ossConfig.$inferSelect, 'id' | 'provider' | 'config'>;

/**
 * The storage of one configuration: the files directory for a local one, its bucket for an S3 one.
 * The S3 client (the AWS SDK, ~5 MB of heap) loads with the first S3 configuration used: a server
 * that keeps its files on disk never carries it.
 */
export async function storageOfConfig(app: Pick<FastifyInstance, 'config'>, row: ConfigRow): Promise<Storage> {
  if (row.provider !== 's3') return storageOf(app);
  // Loaded before the cache is read: from here on nothing waits, so two calls cannot both make a client.
  const { S3Storage } = await import('../../storage/s3-storage');
  let clients = buckets.get(app.config);
  if (!clients) {
    clients = new Map();
    buckets.set(app.config, clients);
  }
  const settings = JSON.stringify(row.config);
  const cached = clients.get(row.id);
  if (cached?.settings === settings) return cached.storage;
  cached?.storage.destroy();
  const storage = new S3Storage(row.config as S3Settings);
  clients.set(row.id, { settings, storage });
  return storage;
}

/**
 * Where a stored file's bytes are: through the configuration it was stored with (`config_id`),
 * whichever is active now; the files directory when it has none.
 */
export async function storageOfFile(app: Pick<FastifyInstance, 'config' | 'database'>, file: { configId: number | null }): Promise<Storage> {
  if (file.configId === null) return storageOf(app);
  const [row] = await app.database.db.select({ id: ossConfig.id, provider: ossConfig.provider, config: ossConfig.config }).from(ossConfig).where(eq(ossConfig.id, file.configId));
  // The foreign key keeps the configuration while files refer to it; without it, the directory.
  return row ? storageOfConfig(app, row) : storageOf(app);
}

/** Where new uploads go: the active configuration (oss/oss-config), its storage and, for a local one, its sub-folder. */
export interface UploadTarget {
  configId: number | null;
  storage: Storage;
  folder: string;
}

export async function uploadTarget(app: Pick<FastifyInstance, 'config' | 'database'>): Promise<UploadTarget> {
  const [active] = await app.database.db.select({ id: ossConfig.id, provider: ossConfig.provider, config: ossConfig.config }).from(ossConfig).where(eq(ossConfig.active, true)).limit(1);
  if (!active) return { configId: null, storage: storageOf(app), folder: '' };
  if (active.provider === 's3') return { configId: active.id, storage: await storageOfConfig(app, active), folder: '' };
  const folder = (active.config as { folder?: unknown }).folder;
  // Checked when saved (localConfigSchema); a part saved before that check existed is left out.
  const clean = typeof folder === 'string' ? folder.split('/').filter((part) => FOLDER_PART.test(part)).join('/') : '';
  return { configId: active.id, storage: storageOf(app), folder: clean };
}

export type FileRow = typeof ossFile.$inferSelect;

export function describeFile(apiPrefix: string, row: Pick<FileRow, 'id' | 'originalName' | 'contentType' | 'size' | 'thumbKey'>): UploadedFile {
  return {
    id: row.id,
    name: row.originalName,
    url: `${apiPrefix}/oss/file/download/${row.id}`,
    thumbUrl: row.thumbKey ? `${apiPrefix}/oss/file/thumb/${row.id}` : null,
    contentType: row.contentType,
    size: Number(row.size),
  };
}

async function thumbnailOf(data: Buffer): Promise<Buffer | null> {
  try {
    const sharp = await loadSharp();
    return await sharp(data, { failOn: 'error' })
      .rotate()
      .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
  } catch {
    // A file that is an image by its header but that libvips cannot decode simply gets no thumbnail.
    return null;
  }
}

export interface StoreFileInput {
  name: string;
  data: Buffer;
  ownerType: FileOwnerType | '';
  /** Attach at once (seeding); uploads through the API always start unowned. */
  ownerId?: number | null;
  createdBy: number | null;
  /** Largest image in bytes; larger images are refused with 413 by the caller's check. */
  imageMaxBytes?: number;
  /** Where a storage failure is reported (the request's log). */
  log?: FastifyBaseLogger;
}

/**
 * Checks the bytes, stores the file (and a thumbnail for images) and records it. The type comes
 * from the content: a name whose extension belongs to another type is refused, so a PDF named
 * `.png` never reaches an <img> and an executable named `.pdf` never reaches a download.
 */
export async function storeFile(app: Pick<FastifyInstance, 'config' | 'database'>, input: StoreFileInput): Promise<FileRow> {
  const sniffed = sniffContentType(input.data);
  if (!sniffed) throw badRequest('v.fileType', { file: 'v.fileType' });
  const ext = extensionOf(input.name);
  if (ext && !sniffed.extensions.includes(ext)) throw badRequest('v.fileMismatch', { file: 'v.fileMismatch' });
  if (sniffed.image && input.imageMaxBytes !== undefined && input.data.length > input.imageMaxBytes) {
    throw Object.assign(new Error('image too large'), { statusCode: 413, code: 'FST_REQ_FILE_TOO_LARGE' });
  }
  const { storage, folder, configId } = await uploadTarget(app);
  const now = new Date();
  const base = `${folder ? `${folder}/` : ''}${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}`;
  const key = `${base}.${sniffed.extensions[0]}`;
  const thumb = sniffed.image ? await thumbnailOf(input.data) : null;
  const thumbKey = thumb ? `${base}.thumb.webp` : null;
  try {
    await storage.put(key, input.data);
    if (thumb && thumbKey) await storage.put(thumbKey, thumb);
  } catch (err) {
    // The bucket refused or could not be reached. Logged by name and status only, never the settings.
    const e = err as { name?: string; code?: string; $metadata?: { httpStatusCode?: number } };
    input.log?.error({ storage: storage.provider, error: e.name ?? e.code, status: e.$metadata?.httpStatusCode }, 'file bytes not stored');
    await storage.delete(key).catch(() => undefined);
    // The disk is full: said as such (plugins/envelope.ts), not as a store to try again later.
    if (isDiskFull(err)) throw err;
    throw new ApiError(CODE.error, 'err.storageFailed');
  }
  try {
    const [row] = await app.database.db
      .insert(ossFile)
      .values({
        originalName: (input.name || `file.${sniffed.extensions[0]}`).slice(0, 255),
        contentType: sniffed.contentType,
        size: input.data.length,
        storageKey: key,
        thumbKey,
        provider: storage.provider,
        configId,
        ownerType: input.ownerType,
        ownerId: input.ownerId ?? null,
        createdBy: input.createdBy,
      })
      .returning();
    return row;
  } catch (err) {
    await storage.delete(key);
    if (thumbKey) await storage.delete(thumbKey);
    throw err;
  }
}

export interface AttachOptions {
  /** Field name for the error message when a file cannot be used. */
  field: string;
  /** The field takes images only (site plans, pictures). */
  imageOnly?: boolean;
  /** Who saves: their own unowned uploads may be attached. */
  userId: number | null;
}

/**
 * Makes files belong to a record, inside the record's save transaction. A file may be attached
 * when it is an unowned upload of the same owner kind made by the saving user (or any user, for the
 * super user and seeds), or when it already belongs to this record. Anything else is a 400 on the
 * field, and the whole save rolls back.
 */
export async function attachFiles(tx: Db, ownerType: FileOwnerType, ownerId: number, ids: (number | null | undefined)[], opts: AttachOptions): Promise<void> {
  const wanted = [...new Set(ids.filter((v): v is number => typeof v === 'number'))];
  if (!wanted.length) return;
  const rows = await tx
    .select({ id: ossFile.id, ownerType: ossFile.ownerType, ownerId: ossFile.ownerId, createdBy: ossFile.createdBy, contentType: ossFile.contentType })
    .from(ossFile)
    .where(inArray(ossFile.id, wanted));
  const usable = rows.filter(
    (r) =>
      r.ownerType === ownerType &&
      (r.ownerId === ownerId || (r.ownerId === null && (opts.userId === null || opts.userId === 1 || r.createdBy === opts.userId))) &&
      (!opts.imageOnly || isImageType(r.contentType)),
  );
  if (usable.length !== wanted.length) {
    const notImage = opts.imageOnly && rows.some((r) => !isImageType(r.contentType));
    throw badRequest(notImage ? 'v.fileNotImage' : 'v.fileUnusable', { [opts.field]: notImage ? 'v.fileNotImage' : 'v.fileUnusable' });
  }
  await tx
    .update(ossFile)
    .set({ ownerId })
    .where(and(inArray(ossFile.id, wanted), isNull(ossFile.ownerId)));
}

/**
 * An update replaced some file references: attach the new ones and release the ones no longer
 * used (unowned again, so the cleanup removes them after a day, and a rollback restores them).
 */
export async function replaceFiles(
  tx: Db,
  ownerType: FileOwnerType,
  ownerId: number,
  previous: (number | null | undefined)[],
  next: (number | null | undefined)[],
  opts: AttachOptions,
): Promise<void> {
  const keep = new Set(next.filter((v): v is number => typeof v === 'number'));
  const released = previous.filter((v): v is number => typeof v === 'number' && !keep.has(v));
  await attachFiles(tx, ownerType, ownerId, [...keep], opts);
  if (released.length) await releaseFiles(tx, ownerType, [ownerId], released);
}

/** Files of deleted records (or dropped references) become unowned: the cleanup job removes them. */
export async function releaseFiles(tx: Db, ownerType: FileOwnerType, ownerIds: number[], fileIds?: number[]): Promise<void> {
  if (!ownerIds.length) return;
  await tx
    .update(ossFile)
    .set({ ownerId: null })
    .where(and(eq(ossFile.ownerType, ownerType), inArray(ossFile.ownerId, ownerIds), fileIds ? inArray(ossFile.id, fileIds) : undefined));
}

/**
 * Whether a caller may read a file: the owning record's `#info` permission; for unowned files
 * the uploader or a file administrator; for a project visitor the images of the public project
 * their password opened.
 */
export async function mayRead(database: Database, auth: AuthContext, file: Pick<FileRow, 'ownerType' | 'ownerId' | 'createdBy' | 'contentType'>): Promise<boolean> {
  if (auth.isSuper) return true;
  // The uploader may always read their own file, attached or not.
  if (auth.kind === 'user' && auth.userId !== null && file.createdBy === auth.userId) return true;
  const rule = file.ownerType ? OWNER_RULES[file.ownerType as FileOwnerType] : undefined;
  if (file.ownerId === null || !rule) return GENERAL_DOWNLOAD.every((p) => allows(auth, p));
  if (auth.kind === 'visitor') {
    if (!rule.projectOf || !isImageType(file.contentType) || auth.projectId === null) return false;
    const rows = await database.query<{ project_id: number }>(
      `SELECT p.id AS project_id FROM fall_project p WHERE p.is_public AND p.id = (${rule.projectOf})`,
      [file.ownerId],
    );
    return rows.length === 1 && rows[0].project_id === auth.projectId;
  }
  if (!allows(auth, rule.read)) return false;
  // The record's project must be in the caller's data scope, as the record itself must be to be read.
  const projectSql = rule.scopeProject ?? rule.projectOf;
  if (auth.scope.all || !projectSql) return true;
  const rows = await database.query<{ project_id: number | null }>(projectSql, [file.ownerId]);
  return rows.every((r) => inScope(auth.scope, r.project_id));
}

export type PurgeDeps = Pick<FastifyInstance, 'config' | 'database'>;

/**
 * Deletes files nobody owns any more: uploads never attached (a save that failed, a form that was
 * abandoned), references dropped by an update, and files whose record was deleted. Only files older
 * than `olderThanHours` go, so an upload whose form is still open survives. Returns the number removed.
 */
export async function purgeOrphanFiles(app: PurgeDeps, olderThanHours = 24): Promise<number> {
  const dangling = Object.entries(OWNER_RULES)
    .map(([type, rule]) => `(f.owner_type = '${type}' AND NOT EXISTS (SELECT 1 FROM ${rule.table} o WHERE o.id = f.owner_id))`)
    .join(' OR ');
  let removed = 0;
  for (;;) {
    const rows = await app.database.query<{ id: number; storage_key: string; thumb_key: string | null; config_id: number | null }>(
      `DELETE FROM oss_file WHERE id IN (
         SELECT f.id FROM oss_file f
          WHERE f.created_at < now() - make_interval(secs => $1)
            AND (f.owner_id IS NULL OR ${dangling})
          LIMIT 500)
       RETURNING id, storage_key, thumb_key, config_id`,
      [olderThanHours * 3600],
    );
    for (const r of rows) {
      const storage = await storageOfFile(app, { configId: r.config_id });
      await storage.delete(r.storage_key);
      if (r.thumb_key) await storage.delete(r.thumb_key);
    }
    removed += rows.length;
    if (rows.length < 500) return removed;
  }
}
