import { inflateRawSync } from 'node:zlib';
import {
  SHEET_MAX_CELL_CHARS,
  SHEET_MAX_CELLS,
  SHEET_MAX_COLUMNS,
  SHEET_MAX_ENTRIES,
  SHEET_MAX_INFLATED_BYTES,
  SHEET_MAX_RATIO,
  SHEET_MAX_ROWS,
  SHEET_RATIO_FROM_BYTES,
} from '@shared/constants';

/** A sheet over one of the limits: `limit` names which, for the message the caller sees. */
export class SheetLimitError extends Error {
  constructor(public readonly limit: 'size' | 'rows' | 'cell') {
    super(limit);
  }
}

const EOCD = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

interface Entry {
  name: string;
  method: number;
  flags: number;
  compressed: number;
  size: number;
  /** Where the local header starts in the buffer (the bytes in front of the zip already added). */
  localOffset: number;
}

/**
 * The central directory of a zip as JSZip (exceljs's reader) finds it, or null when it cannot be
 * read to the end (then nothing is handed to exceljs). JSZip takes the last end record anywhere in
 * the file, reads directory entries for as long as their signature follows (whatever the record
 * counts), and moves every offset by the bytes in front when the directory does not end where the
 * record begins: a bomb behind 16 junk bytes is read whole. This reads the same, so what is checked
 * is what exceljs would inflate.
 */
function centralDirectory(buf: Buffer): Entry[] | null {
  const eocd = buf.lastIndexOf(EOCD);
  if (eocd < 0 || eocd + 22 > buf.length) return null;
  const count = buf.readUInt16LE(eocd + 10);
  const dirSize = buf.readUInt32LE(eocd + 12);
  const dirOffset = buf.readUInt32LE(eocd + 16);
  // Zip64 markers (in any field JSZip looks at): an xlsx within the upload limit never needs them; a bomb might.
  if ([4, 6, 8, 10].some((at) => buf.readUInt16LE(eocd + at) === 0xffff) || dirSize === 0xffffffff || dirOffset === 0xffffffff) {
    throw new SheetLimitError('size');
  }
  if (count > SHEET_MAX_ENTRIES) throw new SheetLimitError('size');
  const front = eocd - (dirOffset + dirSize);
  if (front < 0) return null;
  const entries: Entry[] = [];
  let at = dirOffset + front;
  while (at + 4 <= buf.length && buf.readUInt32LE(at) === CENTRAL) {
    if (at + 46 > buf.length) return null;
    if (entries.length >= SHEET_MAX_ENTRIES) throw new SheetLimitError('size');
    const nameLength = buf.readUInt16LE(at + 28);
    const entry = {
      flags: buf.readUInt16LE(at + 8),
      method: buf.readUInt16LE(at + 10),
      compressed: buf.readUInt32LE(at + 20),
      size: buf.readUInt32LE(at + 24),
      name: buf.toString('utf8', at + 46, at + 46 + nameLength),
      localOffset: buf.readUInt32LE(at + 42) + front,
    };
    if (entry.size === 0xffffffff || entry.compressed === 0xffffffff || entry.localOffset - front === 0xffffffff) throw new SheetLimitError('size');
    entries.push(entry);
    at += 46 + nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  // A record that counts fewer entries than the directory holds hides the rest from a reader that
  // trusts the count; JSZip does not, and nor does a real workbook's writer.
  return entries.length === count ? entries : null;
}

/** An entry's bytes, inflated with a ceiling of its declared size: a size that lies stops the inflating. */
function inflate(buf: Buffer, e: Entry): Buffer | null {
  if (e.localOffset + 30 > buf.length || buf.readUInt32LE(e.localOffset) !== LOCAL) return null;
  // Encrypted: JSZip refuses it, so nothing to inflate here either.
  if (e.flags & 1) return null;
  const start = e.localOffset + 30 + buf.readUInt16LE(e.localOffset + 26) + buf.readUInt16LE(e.localOffset + 28);
  if (start + e.compressed > buf.length) return null;
  const data = buf.subarray(start, start + e.compressed);
  if (e.method === 0) return data.length === e.size ? data : null;
  if (e.method !== 8) return null;
  // Deflate packs at most ~1030 to 1; a real sheet's parts a few dozen. A part past the ratio is
  // made to be unpacked, not read, whatever total it declares.
  if (e.size > SHEET_RATIO_FROM_BYTES && e.size > e.compressed * SHEET_MAX_RATIO) throw new SheetLimitError('size');
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(1, e.size) });
  } catch (err) {
    // Output past the declared size: the directory lies, which only a crafted file does.
    if (err instanceof RangeError || (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new SheetLimitError('size');
    return null;
  }
}

/** Column letters to a number: A → 1, Z → 26, AA → 27. */
function columnNumber(letters: string): number {
  let n = 0;
  for (const c of letters) n = n * 26 + (c.charCodeAt(0) - 64);
  return n;
}

/**
 * Checks an .xlsx before exceljs builds a cell of it (exceljs inflates every part into memory and
 * keeps an object per cell, and a row number of a million makes a million rows): the sizes the
 * central directory declares are summed against SHEET_MAX_INFLATED_BYTES, each part is inflated
 * with its declared size as a ceiling (so a directory that lies stops the inflating at once), and
 * the worksheets' row and cell references are counted against the row, column and cell limits.
 * Peak memory is bounded by SHEET_MAX_INFLATED_BYTES whatever the file claims. False when the zip
 * cannot be read to its last byte as JSZip reads it: the caller refuses it as no workbook.
 */
export function checkXlsxLimits(buf: Buffer): boolean {
  const entries = centralDirectory(buf);
  if (!entries) return false;
  let total = 0;
  for (const e of entries) {
    total += e.size;
    if (total > SHEET_MAX_INFLATED_BYTES) throw new SheetLimitError('size');
  }
  for (const e of entries) {
    // Every part, not only the sheets: exceljs inflates them all (styles, themes, drawings).
    const data = inflate(buf, e);
    // A part that cannot be read here is not handed to a reader that might read it otherwise.
    if (!data) return false;
    if (!/^xl\/(worksheets\/[^/]+\.xml|sharedStrings\.xml)$/.test(e.name)) continue;
    const xml = data.toString('utf8');
    if (e.name.endsWith('sharedStrings.xml')) {
      for (const m of xml.matchAll(/<t(?:\s[^>]*)?>([^<]*)<\/t>/g)) if (m[1].length > SHEET_MAX_CELL_CHARS) throw new SheetLimitError('cell');
      continue;
    }
    let rows = 0;
    let cells = 0;
    for (const m of xml.matchAll(/<row\b([^>]*)>/g)) {
      rows++;
      const r = /\sr="(\d+)"/.exec(m[1])?.[1];
      if (rows > SHEET_MAX_ROWS || (r && Number(r) > SHEET_MAX_ROWS)) throw new SheetLimitError('rows');
    }
    for (const m of xml.matchAll(/<c\b([^>]*)>/g)) {
      cells++;
      const column = /\sr="([A-Z]+)\d+"/.exec(m[1])?.[1];
      if (cells > SHEET_MAX_CELLS || (column && columnNumber(column) > SHEET_MAX_COLUMNS)) throw new SheetLimitError('rows');
    }
  }
  return true;
}

/** The cell limit for what exceljs read (inline strings and numbers) and for CSV files. */
export function checkTableLimits(table: string[][]): void {
  if (table.length > SHEET_MAX_ROWS) throw new SheetLimitError('rows');
  let cells = 0;
  for (const row of table) {
    if (row.length > SHEET_MAX_COLUMNS) throw new SheetLimitError('rows');
    cells += row.length;
    if (cells > SHEET_MAX_CELLS) throw new SheetLimitError('rows');
    for (const cell of row) if (cell.length > SHEET_MAX_CELL_CHARS) throw new SheetLimitError('cell');
  }
}
