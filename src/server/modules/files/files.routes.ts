import type { FastifyReply } from 'fastify';
import type { AppInstance } from '../../app-instance';
import multipart from '@fastify/multipart';
import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { fileMetaQuerySchema, fileOwnerTypeSchema, isImageType, uploadLimitsSchema, uploadQuerySchema, type FileOwnerType, uploadedFileSchema } from '@shared/contracts/file';
import { ACCEPTED_TYPES } from '../../storage/sniff';
import { idParamSchema, envelopeOf } from '@shared/contracts/common';
import { ossFile } from '../../db/schema';
import { ok } from '../../lib/crud';
import { downloadAnswer, fileAnswer } from '../../lib/answers';
import { ApiError, badRequest, forbidden, notFound, unauthorized } from '../../lib/errors';
import { CODE } from '@shared/constants';
import { allows, type AuthContext } from '../../plugins/auth';
import { describeFile, mayRead, storageOfFile, storeFile, type FileRow } from './files.service';
import { GENERAL_UPLOAD, OWNER_RULES } from './owners';

const MB = 1024 * 1024;
/** Types a browser may show in place; everything else downloads. */
const INLINE = /^(image\/(png|jpeg|gif|webp)|application\/pdf|video\/mp4)$/;

function disposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Files of every module (docs/domain.md §3 "Files"):
 *   POST /oss/file/upload?ownerType=…   any signed-in user holding an upload permission for that kind
 *                                       of record (its save/update); without ownerType, oss-file#upload
 *                                       or oss-upload#upload
 *   GET  /oss/file/download/:id         its uploader, or whoever may see the owning record (see owners.ts);
 *                                       opened with the header or a one-use download ticket
 *   GET  /oss/file/thumb/:id            same, the image thumbnail
 *   GET  /oss/file/meta?ids=1,2         names and links of files the caller may read
 *   GET  /oss/file/limits               the largest file and image, and the kinds accepted (any signed-in user)
 * Download routes are declared 'public' so that display and visitor sessions reach the check in
 * `mayRead`; a caller without any session still gets 401 there.
 */
export async function filesRoutes(app: AppInstance): Promise<void> {
  if (!app.hasContentTypeParser('multipart/form-data')) {
    // The per-request limit below comes from settings; this ceiling only bounds a misconfiguration.
    await app.register(multipart, { limits: { files: 1, fields: 10, fileSize: 512 * MB } });
  }

  app.post(
    '/oss/file/upload',
    { schema: { querystring: uploadQuerySchema, response: { 200: envelopeOf(uploadedFileSchema) } }, config: { permission: 'login', log: { module: 'oss/file', action: 'upload' } } },
    async (request) => {
      const auth = request.auth!;
      const query = request.query;
      if (!request.isMultipart()) throw badRequest('v.fileMissing', { file: 'v.fileMissing' });
      const maxMb = await app.settings.get('upload.maxMb');
      const imageMaxMb = await app.settings.get('upload.imageMaxMb');
      const part = await request.file({ limits: { fileSize: maxMb * MB } });
      if (!part) throw badRequest('v.fileMissing', { file: 'v.fileMissing' });
      const fieldOwner = (part.fields.ownerType as { value?: unknown } | undefined)?.value;
      const fromField = fieldOwner ? fileOwnerTypeSchema.safeParse(fieldOwner) : undefined;
      if (fromField && !fromField.success) {
        part.file.resume();
        throw badRequest('v.invalid', { ownerType: 'v.invalid' });
      }
      const ownerType: FileOwnerType | '' = query.ownerType ?? fromField?.data ?? '';
      // A file for a kind of record needs a right to write such a record (its screen's save or
      // update); the general upload rights only cover files without an owner kind.
      const needed = ownerType ? OWNER_RULES[ownerType].write : GENERAL_UPLOAD;
      if (!allows(auth, needed)) {
        part.file.resume();
        throw forbidden();
      }
      const data = await part.toBuffer();
      // toBuffer throws only when it sees the cut while reading: a client that paused exactly at the
      // limit (Node's fetch streaming) sent every byte of it before the next chunk marked the file cut,
      // and the first 20 MiB alone were stored as the whole file.
      if (part.file.truncated) throw new ApiError(CODE.tooLarge, 'err.tooLarge');
      const row = await storeFile(app, { name: part.filename, data, ownerType, createdBy: auth.userId, imageMaxBytes: imageMaxMb * MB, log: request.log });
      return ok(describeFile(app.config.apiPrefix, row));
    },
  );

  // The limits the upload above applies, for a screen to show and check before it sends anything.
  app.get('/oss/file/limits', { schema: { response: { 200: envelopeOf(uploadLimitsSchema) } }, config: { permission: 'login' } }, async () => {
    const maxMb = await app.settings.get('upload.maxMb');
    const imageMaxMb = await app.settings.get('upload.imageMaxMb');
    return ok({
      maxBytes: Math.floor(maxMb * MB),
      imageMaxBytes: Math.floor(Math.min(imageMaxMb, maxMb) * MB),
      types: ACCEPTED_TYPES.map((type) => ({ contentType: type.contentType, extensions: [...type.extensions], image: type.image })),
    });
  });

  async function readable(id: number, auth: AuthContext | null): Promise<FileRow> {
    if (!auth) throw unauthorized();
    const [row] = await app.database.db.select().from(ossFile).where(eq(ossFile.id, id));
    if (!row) throw notFound();
    if (!(await mayRead(app.database, auth, row))) throw forbidden();
    return row;
  }

  async function stream(reply: FastifyReply, row: FileRow, key: string, contentType: string, name: string, size?: number) {
    let body;
    try {
      body = await (await storageOfFile(app, row)).get(key);
    } catch {
      throw notFound();
    }
    reply
      .header('content-type', contentType)
      .header('content-disposition', disposition(INLINE.test(contentType) ? 'inline' : 'attachment', name))
      .header('cache-control', 'private, max-age=3600');
    if (size !== undefined) reply.header('content-length', String(size));
    return reply.send(body);
  }

  app.get('/oss/file/download/:id', { schema: { params: idParamSchema, response: { 200: downloadAnswer } }, config: { permission: 'public', ticket: 'download' } }, async (request, reply) => {
    const row = await readable(request.params.id, request.auth);
    return stream(reply, row, row.storageKey, row.contentType, row.originalName, Number(row.size));
  });

  app.get('/oss/file/thumb/:id', { schema: { params: idParamSchema, response: { 200: fileAnswer('the thumbnail', 'image/webp') } }, config: { permission: 'public', ticket: 'download' } }, async (request, reply) => {
    const row = await readable(request.params.id, request.auth);
    if (!row.thumbKey || !isImageType(row.contentType)) throw notFound();
    return stream(reply, row, row.thumbKey, 'image/webp', row.originalName.replace(/\.[^.]*$/, '') + '.webp');
  });

  app.get('/oss/file/meta', { schema: { response: { 200: envelopeOf(z.array(uploadedFileSchema)) }, querystring: fileMetaQuerySchema }, config: { permission: 'public' } }, async (request) => {
    if (!request.auth) throw unauthorized();
    const { ids } = request.query;
    const rows = await app.database.db.select().from(ossFile).where(inArray(ossFile.id, ids));
    const visible: FileRow[] = [];
    for (const r of rows) if (await mayRead(app.database, request.auth, r)) visible.push(r);
    return ok(visible.map((r) => describeFile(app.config.apiPrefix, r)));
  });
}
