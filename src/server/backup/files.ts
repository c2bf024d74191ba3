import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** Size and SHA-256 of a file, read once. */
export async function sha256File(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}
