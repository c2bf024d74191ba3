import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import type { Storage } from './storage';
import { S3_CHECK_TIMEOUT_MS } from '@shared/constants';

/** The settings of an S3-compatible configuration (contracts/oss-config.ts `s3ConfigSchema`), secret included. */
export interface S3Settings {
  endpoint: string;
  bucket: string;
  region?: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle?: boolean;
}

const MB = 1024 * 1024;
/** Parts of a multipart upload; S3 wants at least 5 MiB for every part but the last. */
export const DEFAULT_PART_SIZE = 8 * MB;

/** A 404 of S3 (NoSuchKey, NotFound, NoSuchBucket) as the 'ENOENT' the Storage interface promises. */
function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/** Cuts a buffer or a stream into parts of `size` bytes (the last one shorter). */
async function* partsOf(data: Buffer | Readable, size: number): AsyncGenerator<Buffer> {
  if (Buffer.isBuffer(data)) {
    for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size);
    if (data.length === 0) yield data;
    return;
  }
  let pending: Buffer[] = [];
  let length = 0;
  for await (const chunk of data) {
    let buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    while (length + buf.length >= size) {
      const take = size - length;
      pending.push(buf.subarray(0, take));
      yield Buffer.concat(pending);
      buf = buf.subarray(take);
      pending = [];
      length = 0;
    }
    if (buf.length) {
      pending.push(buf);
      length += buf.length;
    }
  }
  if (length || pending.length === 0) yield Buffer.concat(pending);
}

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Ceph, OSS/COS in S3 mode). A file of up to one
 * part goes in one PutObject; a larger one as a multipart upload (CreateMultipartUpload, one
 * UploadPart per part, CompleteMultipartUpload), aborted when any step fails so the bucket keeps no
 * orphaned parts. Reads stream the object's body. The secret lives in the client only: it is never
 * logged, and errors carry the SDK's message, which does not contain it.
 */
export class S3Storage implements Storage {
  readonly provider = 's3';
  readonly client: S3Client;
  private readonly bucket: string;

  constructor(
    settings: S3Settings,
    private readonly partSize = DEFAULT_PART_SIZE,
  ) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region || 'us-east-1',
      forcePathStyle: settings.forcePathStyle ?? true,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      maxAttempts: 2,
      // An unreachable endpoint fails within seconds instead of holding a request (or an activation) open.
      requestHandler: { connectionTimeout: 5000, requestTimeout: 120_000 },
    });
  }

  /** Whether the bucket answers to these credentials (HeadBucket); rejects with the SDK's error. */
  async check(): Promise<void> {
    // The request timeout is for uploads (120 s, twice with the retry): a host that accepts and never
    // answers held an administrator's activation open for over 200 s.
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), { abortSignal: AbortSignal.timeout(S3_CHECK_TIMEOUT_MS) });
  }

  async put(key: string, data: Buffer | Readable): Promise<void> {
    const parts = partsOf(data, this.partSize);
    const first = await parts.next();
    const firstPart = first.done ? Buffer.alloc(0) : first.value;
    const second = first.done ? first : await parts.next();
    if (second.done) {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: firstPart, ContentLength: firstPart.length }));
      return;
    }
    const created = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key }));
    const uploadId = created.UploadId;
    if (!uploadId) throw new Error('S3 multipart upload started without an upload id');
    const done: CompletedPart[] = [];
    const send = async (body: Buffer) => {
      const PartNumber = done.length + 1;
      const answer = await this.client.send(
        new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumber, Body: body, ContentLength: body.length }),
      );
      done.push({ PartNumber, ETag: answer.ETag });
    };
    try {
      await send(firstPart);
      await send(second.value);
      for await (const part of parts) await send(part);
      await this.client.send(
        new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: done } }),
      );
    } catch (err) {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId })).catch(() => undefined);
      // A stream that failed half way is finished off, so its source (a socket, a file) is released.
      if (!Buffer.isBuffer(data)) data.destroy();
      throw err;
    }
  }

  async get(key: string): Promise<Readable> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!(answer.Body instanceof Readable)) throw Object.assign(new Error(`no body for ${key}`), { code: 'ENOENT' });
      return answer.Body;
    } catch (err) {
      if (isMissing(err)) throw Object.assign(new Error(`no object ${key}`), { code: 'ENOENT' });
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  /** Closes the client's sockets (a configuration replaced or deleted). */
  destroy(): void {
    this.client.destroy();
  }
}
