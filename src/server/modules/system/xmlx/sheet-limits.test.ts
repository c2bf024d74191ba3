import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crc32, createDeflateRaw, deflateRawSync, inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { SHEET_MAX_ROWS } from '@shared/constants';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';

/** A zip entry already compressed: name, deflated bytes, inflated size and CRC. */
interface ZipPart {
  name: string;
  data: Buffer;
  size: number;
  crc: number;
}

const part = (name: string, text: string): ZipPart => {
  const raw = Buffer.from(text);
  return { name, data: deflateRawSync(raw), size: raw.length, crc: crc32(raw) };
};

/** A zip (deflate, no zip64) of the parts; `declare` overrides the inflated size a part claims. */
function zip(parts: ZipPart[], declare: Record<string, number> = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const size = declare[p.name] ?? p.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(p.crc, 14);
    local.writeUInt32LE(p.data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(p.crc, 16);
    central.writeUInt32LE(p.data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, p.data);
    centrals.push(central, name);
    offset += 30 + name.length + p.data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** The parts of a workbook exceljs wrote, but its sheet: a real frame for the sheets the tests write. */
async function frame(): Promise<ZipPart[]> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('types').addRow(['xmbm', 'xmmc']);
  const buf = Buffer.from(await wb.xlsx.writeBuffer());
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const parts: ZipPart[] = [];
  let at = buf.readUInt32LE(end + 16);
  for (let n = buf.readUInt16LE(end + 10); n > 0; n--) {
    const nameLength = buf.readUInt16LE(at + 28);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLength);
    const local = buf.readUInt32LE(at + 42);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(start, start + buf.readUInt32LE(at + 20));
    if (!name.endsWith('/') && name !== 'xl/worksheets/sheet1.xml') {
      parts.push(part(name, (buf.readUInt16LE(at + 10) === 8 ? inflateRawSync(data) : data).toString('utf8')));
    }
    at += 46 + nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  return parts;
}
let FRAME: ZipPart[] = [];

const SHEET_HEAD = '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_TAIL = '</sheetData></worksheet>';
const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const row = (n: number, code: string, name: string) => `<row r="${n}">${cell(`A${n}`, code)}${cell(`B${n}`, name)}</row>`;
const HEADER_ROW = row(1, 'xmbm', 'xmmc');

/**
 * A valid workbook with one data row whose name cell is `mb` MiB of one letter (deflate packs it
 * about 1000 to 1, as the attacker's file): deflated as a stream, so the test never holds the
 * inflated sheet (that would blur the memory it measures).
 */
async function bomb(mb: number, entry = 'xl/worksheets/sheet1.xml'): Promise<Buffer> {
  const filler = Buffer.alloc(1024 * 1024, 'B');
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const head = Buffer.from(`${SHEET_HEAD}${HEADER_ROW}<row r="2">${cell('A2', 'BOMB')}<c r="B2" t="inlineStr"><is><t>`);
  const tail = Buffer.from(`</t></is></c></row>${SHEET_TAIL}`);
  let crc = crc32(head);
  let size = head.length;
  deflate.write(head);
  for (let i = 0; i < mb; i++) {
    crc = crc32(filler, crc);
    size += filler.length;
    if (!deflate.write(filler)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  crc = crc32(tail, crc);
  size += tail.length;
  deflate.end(tail);
  await done;
  const sheet = { name: 'xl/worksheets/sheet1.xml', data: Buffer.concat(chunks), size, crc };
  if (entry === sheet.name) return zip([...FRAME, sheet]);
  return zip([...FRAME.filter((p) => p.name !== entry), part('xl/worksheets/sheet1.xml', SHEET_HEAD + HEADER_ROW + SHEET_TAIL), { ...sheet, name: entry }]);
}

function multipart(filename: string, data: Buffer) {
  const boundary = `----cascade${Date.now()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return { payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('spreadsheet limits (a 400 KB sheet must not inflate to 400 MB)', () => {
  let t: TestApp;
  let manager: string;
  let bomb400: Buffer;
  beforeAll(async () => {
    t = await createTestApp();
    manager = await t.tokenFor('manager');
    FRAME = await frame();
    bomb400 = await bomb(400);
  }, 60_000);
  afterAll(() => t.close());

  const upload = async (data: Buffer, lang = 'en') => {
    const { payload, contentType } = multipart('types.xlsx', data);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sys/xmlx/upload?dryRun=true',
      headers: { authorization: `Bearer ${manager}`, 'content-type': contentType, 'accept-language': lang },
      payload,
    });
    return { status: res.statusCode, body: JSON.parse(res.body) as { code: number; msg: string } };
  };

  it('a 400 KB sheet that inflates to 400 MB is refused with 413 within a second of CPU, four at once too, memory flat', async () => {
    expect(bomb400.length).toBeLessThan(600 * 1024);
    global.gc?.();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const sample = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 5);
    // CPU time, not wall-clock time: inflating 400 MB costs seconds of CPU whatever else the machine
    // does, refusing early costs milliseconds; a clock reading also counts the time other processes
    // hold the cores (1.16 s for the single upload at load 16).
    const cpuMs = (since: NodeJS.CpuUsage) => {
      const used = process.cpuUsage(since);
      return (used.user + used.system) / 1000;
    };
    let started = process.cpuUsage();
    const one = await upload(bomb400);
    const single = cpuMs(started);
    started = process.cpuUsage();
    const answers = await Promise.all([upload(bomb400), upload(bomb400), upload(bomb400), upload(bomb400, 'zh-CN')]);
    const elapsed = cpuMs(started);
    clearInterval(sample);
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
    expect(one.status).toBe(413);
    expect(single).toBeLessThan(1000);
    for (const a of answers) expect(a.status).toBe(413);
    expect(answers[0].body.msg).toBe('The spreadsheet is too large once unpacked (at most 16 MB)');
    expect(answers[3].body.msg).toBe('表格解压后过大（最多 16 MB）');
    expect(elapsed).toBeLessThan(2000);
    const rssGrowthMb = (peakRss - before.rss) / 1024 / 1024;
    const heapGrowthMb = (peakHeap - before.heapUsed) / 1024 / 1024;
    // The numbers, for whoever reads the run.
    process.stdout.write(`bomb: ${(bomb400.length / 1024).toFixed(0)} KB file, one upload refused in ${single.toFixed(0)} ms of CPU, 4 parallel in ${elapsed.toFixed(0)} ms, peak RSS +${rssGrowthMb.toFixed(1)} MB, peak heap +${heapGrowthMb.toFixed(1)} MB\n`);
    expect(rssGrowthMb).toBeLessThan(50);
    expect(heapGrowthMb).toBeLessThan(50);
  });

  it.each(['xl/worksheets/sheet1.xml', 'xl/styles.xml'])('a directory that understates the size of %s stops the inflating at the declared size', async (entryName) => {
    const lying = await bomb(64, entryName);
    // Same file, the part declared at 100 KB in both directories.
    const patched = Buffer.from(lying);
    let at = patched.indexOf(Buffer.from(entryName));
    while (at >= 0) {
      const isCentral = patched.readUInt32LE(at - 46) === 0x02014b50;
      patched.writeUInt32LE(100_000, isCentral ? at - 46 + 24 : at - 30 + 22);
      at = patched.indexOf(Buffer.from(entryName), at + 1);
    }
    // CPU time, as above: inflating past the declared size would cost seconds of it; a clock reading
    // counts the time other processes hold the cores too.
    const started = process.cpuUsage();
    const res = await upload(patched);
    const used = process.cpuUsage(started);
    expect(res.status).toBe(413);
    expect((used.user + used.system) / 1000).toBeLessThan(1000);
  });

  it('a bomb behind 16 junk bytes is refused by what it is: 413, memory flat, health answered throughout (a real listening server)', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const prefixed = Buffer.concat([Buffer.alloc(16, 0x4a), bomb400]);
    // The first request pays for the client's connection; what is measured is the server's answer.
    await (await fetch(`${address}/api/health`)).arrayBuffer();
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peakRss = before;
    let slowestHealth = 0;
    let healthAnswers = 0;
    let uploading = true;
    const probe = (async () => {
      while (uploading) {
        const started = performance.now();
        const res = await fetch(`${address}/api/health`);
        await res.arrayBuffer();
        if (res.status === 200) healthAnswers++;
        slowestHealth = Math.max(slowestHealth, performance.now() - started);
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const send = async (data: Buffer, lang = 'en') => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(data)]), 'types.xlsx');
      const res = await fetch(`${address}/api/sys/xmlx/upload?dryRun=true`, { method: 'POST', headers: { authorization: `Bearer ${manager}`, 'accept-language': lang }, body: form });
      return { status: res.status, body: (await res.json()) as { msg: string } };
    };
    const answers = await Promise.all([send(prefixed), send(prefixed), send(prefixed), send(prefixed, 'zh-CN')]);
    uploading = false;
    await probe;
    for (const a of answers) expect(a.status).toBe(413);
    expect(answers[3].body.msg).toBe('表格解压后过大（最多 16 MB）');
    const rssGrowthMb = (peakRss - before) / 1024 / 1024;
    process.stdout.write(`prefixed bomb: 4 refused, ${healthAnswers} health answers, slowest ${slowestHealth.toFixed(0)} ms, peak RSS +${rssGrowthMb.toFixed(1)} MB\n`);
    expect(healthAnswers).toBeGreaterThan(0);
    expect(slowestHealth).toBeLessThan(1000);
    expect(rssGrowthMb).toBeLessThan(100);
  });

  it('a zip exceljs would read but this check cannot is refused, never handed on: junk after the end record, a directory longer than its count, a ratio past the bound', async () => {
    // 70 KB after the end record: beyond where the record may sit, JSZip still finds it.
    const trailing = await upload(Buffer.concat([bomb400, Buffer.alloc(70_000, 0x20)]));
    expect(trailing.status).toBeGreaterThanOrEqual(400);
    expect(trailing.status).toBeLessThan(500);
    // An end record that counts one entry less than the directory holds: JSZip reads them all.
    const undercounted = Buffer.from(bomb400);
    const end = undercounted.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    undercounted.writeUInt16LE(undercounted.readUInt16LE(end + 8) - 1, end + 8);
    undercounted.writeUInt16LE(undercounted.readUInt16LE(end + 10) - 1, end + 10);
    const counted = await upload(undercounted);
    expect(counted.status).toBeGreaterThanOrEqual(400);
    expect(counted.status).toBeLessThan(500);
    // 12 MB of one letter declared truthfully: within the total, past any real sheet's ratio.
    const dense = await upload(await bomb(12));
    expect(dense.status).toBe(413);
  });

  it('too many rows, a row number past the limit, too wide, a cell too long: 400 with the reason; a sheet within limits imports', async () => {
    const sheet = (rows: string) => zip([...FRAME, part('xl/worksheets/sheet1.xml', SHEET_HEAD + HEADER_ROW + rows + SHEET_TAIL)]);
    const fine = await upload(sheet(row(2, 'LIM-A', 'Within limits')));
    expect(fine.status).toBe(200);
    expect(fine.body).toMatchObject({ data: { dryRun: true, total: 1, inserted: 1 } });
    const many = await upload(sheet(Array.from({ length: SHEET_MAX_ROWS }, (_, i) => row(i + 2, `A${i}`, 'B')).join('')));
    expect(many.status).toBe(400);
    expect(many.body.msg).toBe('The spreadsheet has too many rows or columns (at most 10,000 rows and 64 columns)');
    const far = await upload(sheet(row(2_000_000, 'A', 'B')));
    expect(far.status).toBe(400);
    expect(far.body.msg).toBe(many.body.msg);
    const wide = await upload(sheet(`<row r="2">${cell('ZZ2', 'x')}</row>`));
    expect(wide.status).toBe(400);
    expect(wide.body.msg).toBe(many.body.msg);
    const long = await upload(sheet(row(2, 'A', 'x'.repeat(1001))), 'zh-CN');
    expect(long.status).toBe(400);
    expect(long.body.msg).toBe('表格单元格内容过长（最多 1000 个字符）');
    const csvRows = `xmbm,xmmc\n${'A,B\n'.repeat(SHEET_MAX_ROWS)}`;
    const { payload, contentType } = multipart('types.csv', Buffer.from(csvRows));
    const csv = await t.app.inject({ method: 'POST', url: '/api/sys/xmlx/upload?dryRun=1', headers: { authorization: `Bearer ${manager}`, 'content-type': contentType }, payload });
    expect(csv.statusCode).toBe(400);
  });
});
