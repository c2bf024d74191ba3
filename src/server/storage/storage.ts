import type { Readable } from 'node:stream';

/**
 * Where file bytes live. Keys are opaque relative paths chosen by the file service
 * (`2026/11/<uuid>.png`); providers never see user-supplied names. A local folder now, an
 * S3-compatible bucket later behind the same four calls.
 */
export interface Storage {
  readonly provider: string;
  put(key: string, data: Buffer | Readable): Promise<void>;
  /** Rejects with code 'ENOENT' when the key does not exist. */
  get(key: string): Promise<Readable>;
  /** Deleting a missing key is not an error (purges may race). */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}
