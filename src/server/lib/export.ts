import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { loadExcel } from './excel';
import { inArray } from 'drizzle-orm';
import type { Locale } from '@shared/constants';
import { renderText } from '@shared/server-text';
import { translate } from '@shared/messages';
import { BUILT_IN_DICTIONARIES, type DictItem } from '@shared/dictionaries';
import { countryName } from '@shared/country';
import type { Database } from '../db/client';
import { sysDictionary } from '../db/schema';

export interface ExportJob {
  name: string;
  format: 'xlsx' | 'csv';
  columns: { prop: string; label: string }[];
  /** Rows in batches, so a large list is never held in memory whole. */
  batches: () => AsyncGenerator<Record<string, unknown>[]>;
  /** Columns whose stored code is written as its label in the reader's language (exportLabels). */
  labels?: ExportLabels;
}

/** A column's code as the reader sees it. */
export type ExportLabel = (value: unknown, locale: Locale) => unknown;
export type ExportLabels = Record<string, ExportLabel>;

/**
 * What a code column means: a fixed list of the code (src/shared/dictionaries.ts), a type of the
 * dictionary table (labels as the administrator edited them; the built-in list when the table has
 * none), `country` (an ISO code, named by Intl), or a function.
 */
export type ExportLabelSpec = DictItem[] | { dictionary: string } | 'country' | ExportLabel;

const byItems = (items: { value: string; cn: string; en: string }[]): ExportLabel => {
  const map = new Map(items.map((i) => [i.value, i]));
  return (value, locale) => {
    const item = map.get(String(value));
    return item ? (locale === 'en' && item.en ? item.en : item.cn) : value;
  };
};

/** The label functions of an export's code columns, the dictionary types read once per export. */
export async function exportLabels(database: Database, spec: Record<string, ExportLabelSpec>): Promise<ExportLabels> {
  const types = [...new Set(Object.values(spec).flatMap((s) => (typeof s === 'object' && !Array.isArray(s) ? [s.dictionary] : [])))];
  const rows = types.length
    ? await database.db.select({ type: sysDictionary.type, value: sysDictionary.value, cn: sysDictionary.label, en: sysDictionary.labelEn }).from(sysDictionary).where(inArray(sysDictionary.type, types))
    : [];
  const out: ExportLabels = {};
  for (const [prop, s] of Object.entries(spec)) {
    if (typeof s === 'function') out[prop] = s;
    else if (s === 'country') out[prop] = (value, locale) => countryName(String(value), locale);
    else if (Array.isArray(s)) out[prop] = byItems(s);
    else {
      const own = rows.filter((r) => r.type === s.dictionary);
      out[prop] = byItems(own.length ? own : (BUILT_IN_DICTIONARIES[s.dictionary]?.items ?? []));
    }
  }
  return out;
}

/**
 * The rows of a query read page by page for an export (ExportJob.batches): `page(limit, offset)`
 * runs the list's query with its own filters and order; reading stops at an empty or short page,
 * or at `maxRows`.
 */
export function pagedBatches(
  maxRows: number,
  page: (limit: number, offset: number) => Promise<unknown[]>,
  size = 1000,
): () => AsyncGenerator<Record<string, unknown>[]> {
  return async function* () {
    for (let offset = 0; offset < maxRows; offset += size) {
      const rows = await page(size, offset);
      if (!rows.length) return;
      yield rows as Record<string, unknown>[];
      if (rows.length < size) return;
    }
  };
}

/**
 * A cell as the reader sees it, as the list shows it: a code column's label, the English form of a
 * name in English when the row has one (`projectName` beside `projectNameEn`), yes or no for a flag,
 * and text the server wrote as a message key — each in the reader's language.
 */
function cell(value: unknown, locale: Locale, row?: Record<string, unknown>, prop?: string, labels?: ExportLabels): string | number | Date | null {
  if (value === null || value === undefined) return null;
  const label = prop === undefined ? undefined : labels?.[prop];
  if (label) value = label(value, locale);
  else if (locale === 'en' && row && prop !== undefined) {
    const en = row[`${prop}En`];
    if (typeof en === 'string' && en !== '') value = en;
  }
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return translate(value ? 'text.yes' : 'text.no', locale);
  if (value instanceof Date || typeof value === 'number') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return renderText(String(value), locale);
}

/** One row's cells, keyed by column. */
function cells(row: Record<string, unknown>, columns: { prop: string }[], locale: Locale, labels?: ExportLabels) {
  return Object.fromEntries(columns.map((c) => [c.prop, cell(row[c.prop], locale, row, c.prop, labels)]));
}

function csvField(value: unknown, locale: Locale, row?: Record<string, unknown>, prop?: string, labels?: ExportLabels): string {
  const v = cell(value, locale, row, prop, labels);
  if (v === null) return '';
  const s = v instanceof Date ? v.toISOString() : String(v);
  // A leading =, +, - or @ would run as a formula in a spreadsheet: quote it as text.
  const safe = /^[=+\-@]/.test(s) ? `'${s}` : s;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * Between batches: the client still there (an export it left stops reading the database), the
 * bytes so far taken (never more than a batch or two held), and the event loop given to other
 * requests (a log export blocked the embedded server for 6–28 s). False once the client is gone
 * (the stream is destroyed then). The socket, not the request: Node destroys a request once its
 * body is read, so a POST export read that as a client gone and stopped after its first batch.
 */
async function settle(reply: FastifyReply, stream: PassThrough): Promise<boolean> {
  const gone = () => stream.destroyed || reply.raw.destroyed || (reply.raw.socket?.destroyed ?? false);
  if (stream.writableNeedDrain && !gone()) {
    await new Promise<void>((resolve) => {
      const done = () => {
        stream.off('drain', done);
        stream.off('close', done);
        reply.raw.off('close', done);
        resolve();
      };
      stream.on('drain', done);
      stream.on('close', done);
      reply.raw.on('close', done);
    });
  }
  await new Promise((resolve) => setImmediate(resolve));
  if (!gone()) return true;
  stream.destroy();
  return false;
}

/** Streams a list as xlsx (ExcelJS streaming writer) or csv (UTF-8 with BOM for Excel). */
export async function sendExport(reply: FastifyReply, job: ExportJob): Promise<FastifyReply> {
  // The first batch is read before any header goes out: a query that fails (bad input the
  // validation missed, a database error) then answers as an error envelope, never as a 200 whose
  // stream is cut halfway.
  const source = job.batches();
  const first = await source.next();
  async function* batches() {
    if (first.done) return;
    yield first.value;
    yield* source;
  }
  const locale = reply.request.locale ?? 'cn';
  const stamp = new Date().toISOString().slice(0, 10);
  const filename = `${job.name}-${stamp}.${job.format}`;
  const stream = new PassThrough();
  reply.header('content-disposition', `attachment; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(filename)}`);
  if (job.format === 'csv') {
    reply.type('text/csv; charset=utf-8');
    void (async () => {
      try {
        stream.write('\uFEFF' + job.columns.map((c) => csvField(c.label, locale)).join(',') + '\r\n');
        for await (const rows of batches()) {
          stream.write(rows.map((r) => job.columns.map((c) => csvField(r[c.prop], locale, r, c.prop, job.labels)).join(',')).join('\r\n') + '\r\n');
          if (!(await settle(reply, stream))) return;
        }
        stream.end();
      } catch (err) {
        stream.destroy(err as Error);
      }
    })();
    return reply.send(stream);
  }
  const ExcelJS = await loadExcel();
  reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  const sheet = workbook.addWorksheet(job.name.slice(0, 31));
  sheet.columns = job.columns.map((c) => ({ header: c.label, key: c.prop, width: Math.max(12, c.label.length * 2) }));
  void (async () => {
    try {
      for await (const rows of batches()) {
        for (const r of rows) sheet.addRow(cells(r, job.columns, locale, job.labels)).commit();
        if (!(await settle(reply, stream))) return;
      }
      sheet.commit();
      await workbook.commit();
    } catch (err) {
      stream.destroy(err as Error);
    }
  })();
  return reply.send(stream);
}

export interface WorkbookSheet {
  name: string;
  columns: { prop: string; label: string }[];
  batches: () => AsyncGenerator<Record<string, unknown>[]>;
  labels?: ExportLabels;
}

/**
 * Streams several sheets as one xlsx (the statistics screen: one sheet per chart, with the rows
 * behind it). Each sheet's rows are read in batches and committed as they go, so a sheet is never
 * held in memory whole; the first sheet's first batch is read before any header goes out, as in
 * sendExport.
 */
export async function sendWorkbook(reply: FastifyReply, job: { name: string; sheets: WorkbookSheet[] }): Promise<FastifyReply> {
  const sources = job.sheets.map((s) => s.batches());
  const firsts = sources.length ? [await sources[0].next()] : [];
  const locale = reply.request.locale ?? 'cn';
  const filename = `${job.name}-${new Date().toISOString().slice(0, 10)}.xlsx`;
  const stream = new PassThrough();
  reply.header('content-disposition', `attachment; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(filename)}`);
  reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  void (async () => {
    try {
      for (const [i, s] of job.sheets.entries()) {
        const sheet = workbook.addWorksheet(s.name.slice(0, 31));
        sheet.columns = s.columns.map((c) => ({ header: c.label, key: c.prop, width: Math.max(12, c.label.length * 2) }));
        const first = firsts[i];
        if (first && !first.done) for (const r of first.value) sheet.addRow(cells(r, s.columns, locale, s.labels)).commit();
        if (!first?.done) {
          for await (const rows of sources[i]) {
            for (const r of rows) sheet.addRow(cells(r, s.columns, locale, s.labels)).commit();
            if (!(await settle(reply, stream))) return;
          }
        }
        sheet.commit();
      }
      await workbook.commit();
    } catch (err) {
      stream.destroy(err as Error);
    }
  })();
  return reply.send(stream);
}
