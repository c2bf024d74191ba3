/**
 * Content types decided by the bytes of a file, not by its name: a `.png` carrying a PDF is a
 * PDF. Only the kinds the modules accept are recognised; anything else is refused by the caller.
 */
export interface Sniffed {
  contentType: string;
  /** The extensions a file of this type may carry. */
  extensions: string[];
  image: boolean;
}

const TYPES = {
  png: { contentType: 'image/png', extensions: ['png'], image: true },
  jpeg: { contentType: 'image/jpeg', extensions: ['jpg', 'jpeg', 'jfif'], image: true },
  gif: { contentType: 'image/gif', extensions: ['gif'], image: true },
  webp: { contentType: 'image/webp', extensions: ['webp'], image: true },
  pdf: { contentType: 'application/pdf', extensions: ['pdf'], image: false },
  dwg: { contentType: 'image/vnd.dwg', extensions: ['dwg'], image: false },
  dxf: { contentType: 'image/vnd.dxf', extensions: ['dxf'], image: false },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensions: ['xlsx'], image: false },
  docx: { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensions: ['docx'], image: false },
  pptx: { contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', extensions: ['pptx'], image: false },
  zip: { contentType: 'application/zip', extensions: ['zip'], image: false },
  mp4: { contentType: 'video/mp4', extensions: ['mp4', 'm4v'], image: false },
} satisfies Record<string, Sniffed>;

/** Every kind an upload may be (GET /oss/file/limits shows them before a file is sent). */
export const ACCEPTED_TYPES: readonly Sniffed[] = Object.values(TYPES);

const startsWith = (buf: Buffer, bytes: number[], offset = 0) =>
  buf.length >= offset + bytes.length && bytes.every((b, i) => buf[offset + i] === b);
const ascii = (buf: Buffer, start: number, end: number) => buf.subarray(start, end).toString('latin1');

/** DXF is text: group code 0 then SECTION (possibly after a comment group 999). */
function isDxf(buf: Buffer): boolean {
  const end = Math.min(buf.length, 2048);
  for (let i = 0; i < end; i += 1) if (buf[i] < 0x09 || (buf[i] > 0x0d && buf[i] < 0x20)) return false;
  const head = ascii(buf, 0, end);
  return /^\s*(999\r?\n[^\n]*\r?\n\s*)?0\r?\nSECTION\r?\n/.test(head);
}

/** Office documents are zips whose first entries name their part folders. */
function zipKind(buf: Buffer): Sniffed {
  const head = ascii(buf, 0, Math.min(buf.length, 64 * 1024));
  if (head.includes('xl/')) return TYPES.xlsx;
  if (head.includes('word/')) return TYPES.docx;
  if (head.includes('ppt/')) return TYPES.pptx;
  return TYPES.zip;
}

export function sniffContentType(buf: Buffer): Sniffed | null {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return TYPES.png;
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return TYPES.jpeg;
  if (ascii(buf, 0, 6) === 'GIF87a' || ascii(buf, 0, 6) === 'GIF89a') return TYPES.gif;
  if (ascii(buf, 0, 4) === 'RIFF' && ascii(buf, 8, 12) === 'WEBP') return TYPES.webp;
  if (ascii(buf, 0, 5) === '%PDF-') return TYPES.pdf;
  if (/^AC10\d\d$/.test(ascii(buf, 0, 6))) return TYPES.dwg;
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04])) return zipKind(buf);
  if (ascii(buf, 4, 8) === 'ftyp') return TYPES.mp4;
  if (isDxf(buf)) return TYPES.dxf;
  return null;
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}
