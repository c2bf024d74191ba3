import sharp from 'sharp';
import type { TestApp } from './test-app';

/** A small real PNG (the sniffer and the thumbnailer read real bytes). */
export function pngBytes(width = 64, height = 48, color = '#2a7fff'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();
}

export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** POST /api/oss/file/upload as multipart/form-data with one file part. */
export async function upload(t: TestApp, opts: { token?: string; name: string; data: Buffer; ownerType?: string; ownerField?: string; lang?: string }) {
  const boundary = '----cascade' + Math.random().toString(16).slice(2);
  const field = opts.ownerField === undefined ? '' : `--${boundary}\r\nContent-Disposition: form-data; name="ownerType"\r\n\r\n${opts.ownerField}\r\n`;
  const head = Buffer.from(
    `${field}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${opts.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const headers: Record<string, string> = { 'content-type': `multipart/form-data; boundary=${boundary}`, 'accept-language': opts.lang ?? 'en' };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/oss/file/upload${opts.ownerType ? `?ownerType=${opts.ownerType}` : ''}`,
    headers,
    payload: Buffer.concat([head, opts.data, tail]),
  });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}
