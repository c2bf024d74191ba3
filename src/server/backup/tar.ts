import type { Readable, Writable } from 'node:stream';
import { once } from 'node:events';

/**
 * The few tar calls a backup needs (POSIX ustar: regular files only), so the archive opens with any
 * `tar xzf` and no archive package has to be added. Sizes over 8 GB take the base-256 form GNU and
 * bsdtar read.
 */
const BLOCK = 512;
const MAX_OCTAL_SIZE = 0o77777777777;

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

/** name → (prefix, name) at a slash so that both fit (155 and 100 bytes). */
function splitName(name: string): [string, string] {
  if (Buffer.byteLength(name) <= 100) return ['', name];
  for (let i = name.length - 1; i > 0; i--) {
    if (name[i] !== '/') continue;
    const prefix = name.slice(0, i);
    const rest = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return [prefix, rest];
  }
  throw new Error(`name too long for the archive: ${name}`);
}

export function tarHeader(name: string, size: number, mtime = new Date()): Buffer {
  const h = Buffer.alloc(BLOCK);
  const [prefix, base] = splitName(name);
  h.write(base, 0, 100, 'utf8');
  h.write(octal(0o600, 8), 100, 'ascii');
  h.write(octal(0, 8), 108, 'ascii');
  h.write(octal(0, 8), 116, 'ascii');
  if (size <= MAX_OCTAL_SIZE) h.write(octal(size, 12), 124, 'ascii');
  else {
    h[124] = 0x80;
    let v = BigInt(size);
    for (let i = 135; i > 124; i--) {
      h[i] = Number(v & 0xffn);
      v >>= 8n;
    }
  }
  h.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  h.write('        ', 148, 'ascii');
  h.write('0', 156, 'ascii');
  h.write('ustar\0', 257, 'ascii');
  h.write('00', 263, 'ascii');
  h.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 'ascii');
  return h;
}

async function write(out: Writable, chunk: Buffer): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}

/** Writes entries one after another into `out` (a gzip stream, usually); `end()` adds the two zero blocks. */
export class TarWriter {
  constructor(private readonly out: Writable) {}

  /** One file of exactly `size` bytes from `body`; a body of another length is an error (the file changed while read). */
  async add(name: string, size: number, body: Buffer | AsyncIterable<Buffer>, mtime?: Date): Promise<void> {
    await write(this.out, tarHeader(name, size, mtime));
    let written = 0;
    const chunks = Buffer.isBuffer(body) ? [body] : body;
    for await (const chunk of chunks) {
      written += chunk.length;
      if (written > size) throw new Error(`${name} grew while it was archived`);
      await write(this.out, chunk);
    }
    if (written !== size) throw new Error(`${name} shrank while it was archived`);
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (pad) await write(this.out, Buffer.alloc(pad));
  }

  async end(): Promise<void> {
    await write(this.out, Buffer.alloc(BLOCK * 2));
    this.out.end();
    await once(this.out, 'finish');
  }
}

/** Reads exact byte counts from a stream. */
class ByteReader {
  private buf: Buffer = Buffer.alloc(0);
  private readonly it: AsyncIterator<Buffer>;
  private done = false;

  constructor(stream: Readable) {
    this.it = stream[Symbol.asyncIterator]();
  }

  private async fill(n: number): Promise<boolean> {
    while (this.buf.length < n && !this.done) {
      const next = await this.it.next();
      if (next.done) this.done = true;
      else this.buf = this.buf.length ? Buffer.concat([this.buf, next.value]) : next.value;
    }
    return this.buf.length >= n;
  }

  async exact(n: number): Promise<Buffer | null> {
    if (!(await this.fill(n))) {
      if (this.buf.length === 0) return null;
      throw new Error('the archive ends in the middle of an entry');
    }
    const out = this.buf.subarray(0, n);
    this.buf = this.buf.subarray(n);
    return out;
  }

  /**
   * The next `n` bytes in chunks. Not a generator: a consumer that stops early (a `break`) does not
   * end it, so what it left is still skipped before the next entry.
   */
  chunks(n: number): AsyncIterable<Buffer> & { rest(): Promise<void> } {
    let left = n;
    const next = async (): Promise<IteratorResult<Buffer>> => {
      if (left <= 0) return { done: true, value: undefined };
      if (!this.buf.length && !(await this.fill(1))) throw new Error('the archive ends in the middle of an entry');
      const take = Math.min(left, this.buf.length);
      const out = this.buf.subarray(0, take);
      this.buf = this.buf.subarray(take);
      left -= take;
      return { done: false, value: out };
    };
    return {
      [Symbol.asyncIterator]: () => ({ next, return: async () => ({ done: true, value: undefined }) }),
      async rest() {
        while (!(await next()).done);
      },
    };
  }
}

function readString(h: Buffer, start: number, len: number): string {
  const raw = h.subarray(start, start + len);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? len : end).toString('utf8');
}

function readSize(h: Buffer): number {
  if (h[124] & 0x80) {
    let v = 0n;
    for (let i = 125; i < 136; i++) v = (v << 8n) | BigInt(h[i]);
    return Number(v);
  }
  return parseInt(readString(h, 124, 12).trim() || '0', 8);
}

export interface TarEntry {
  name: string;
  size: number;
  /** The entry's bytes; read them (or not) before asking for the next entry. */
  body: AsyncIterable<Buffer>;
}

/** The regular files of a tar stream, in order. Directories are passed over; anything else is refused. */
export async function* readTar(stream: Readable): AsyncGenerator<TarEntry> {
  const reader = new ByteReader(stream);
  for (;;) {
    const header = await reader.exact(BLOCK);
    if (!header || header.every((b) => b === 0)) return;
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : header[i];
    if (sum !== parseInt(readString(header, 148, 8).trim(), 8)) throw new Error('the archive has a damaged entry header');
    const base = readString(header, 0, 100);
    const prefix = readString(header, 345, 155);
    const name = prefix ? `${prefix}/${base}` : base;
    const size = readSize(header);
    const type = String.fromCharCode(header[156] || 48);
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (type === '5') continue;
    if (type !== '0') throw new Error(`the archive holds an entry of a kind a backup never has: ${name}`);
    const body = reader.chunks(size);
    yield { name, size, body };
    // Whatever the consumer left unread, then the padding.
    await body.rest();
    if (pad) await reader.exact(pad);
  }
}
