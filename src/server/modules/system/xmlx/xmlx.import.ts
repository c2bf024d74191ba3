import { loadExcel } from '../../../lib/excel';
import { XMBM_PATTERN, type ImportRowError } from '@shared/contracts/xmlx';
import { checkTableLimits, checkXlsxLimits } from './sheet-limits';

/** One data row of a project-type sheet, as text, with its row number in the sheet (header = 1). */
export interface SheetRow {
  row: number;
  xmbm: string;
  xmmc: string;
  pxmbm: string;
  sort: string;
}

/** Header names accepted for each column (the codes, and the Chinese and English labels). */
const HEADER_ALIASES: Record<keyof Omit<SheetRow, 'row'>, string[]> = {
  xmbm: ['xmbm', '项目编码', '编码', 'code'],
  xmmc: ['xmmc', '项目名称', '名称', 'name'],
  pxmbm: ['pxmbm', '上级编码', '父级编码', 'parent', 'parent code'],
  sort: ['sort', '排序', 'order'],
};

export class SheetFormatError extends Error {}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const v = value as { text?: unknown; result?: unknown; richText?: { text: string }[] };
    if (v.richText) return v.richText.map((p) => p.text).join('').trim();
    if (v.result !== undefined) return cellText(v.result);
    if (v.text !== undefined) return cellText(v.text);
    return '';
  }
  return String(value).trim();
}

/** RFC 4180 CSV: quoted fields with "" escapes and line breaks inside quotes; a BOM is dropped. */
export function parseCsv(text: string): string[][] {
  const src = text.replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

async function xlsxRows(buffer: Buffer): Promise<string[][]> {
  // Sizes first: exceljs would inflate a bomb whole before a row could be looked at.
  if (!checkXlsxLimits(buffer)) throw new SheetFormatError('not a workbook');
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw new SheetFormatError('not a workbook');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  // Keep the sheet's own row numbers so reported rows match what the user sees.
  sheet.eachRow({ includeEmpty: true }, (r, n) => {
    const values = Array.isArray(r.values) ? r.values.slice(1) : [];
    rows[n - 1] = values.map(cellText);
  });
  for (let i = 0; i < rows.length; i++) rows[i] ??= [];
  return rows;
}

/** Reads an .xlsx or .csv project-type sheet into rows; blank rows are skipped. */
export async function readSheet(buffer: Buffer, filename: string): Promise<SheetRow[]> {
  const lower = filename.toLowerCase();
  let table: string[][];
  if (lower.endsWith('.csv')) table = parseCsv(buffer.toString('utf8'));
  else if (lower.endsWith('.xlsx')) table = await xlsxRows(buffer);
  else throw new SheetFormatError('unsupported file');
  checkTableLimits(table);
  const header = (table[0] ?? []).map((h) => String(h).trim().toLowerCase());
  const index = Object.fromEntries(
    Object.entries(HEADER_ALIASES).map(([key, names]) => [key, header.findIndex((h) => names.includes(h))]),
  ) as Record<keyof typeof HEADER_ALIASES, number>;
  if (index.xmbm < 0 || index.xmmc < 0) throw new SheetFormatError('header');
  const out: SheetRow[] = [];
  table.slice(1).forEach((cells, i) => {
    const at = (k: keyof typeof HEADER_ALIASES) => (index[k] >= 0 ? String(cells[index[k]] ?? '').trim() : '');
    const row = { row: i + 2, xmbm: at('xmbm'), xmmc: at('xmmc'), pxmbm: at('pxmbm'), sort: at('sort') };
    if (row.xmbm || row.xmmc || row.pxmbm || row.sort) out.push(row);
  });
  return out;
}

export interface ExistingType {
  id: number;
  pid: number;
  xmbm: string;
  xmmc: string;
  sort: number;
}

export interface PlannedRow {
  xmbm: string;
  xmmc: string;
  /** Parent code, '' for a root. */
  parent: string;
  sort: number;
  action: 'insert' | 'update' | 'unchanged';
}

export interface ImportPlan {
  rows: PlannedRow[];
  /** Message keys; the route translates them. */
  errors: ImportRowError[];
}

/**
 * Decides what an import does: per-row checks, duplicate codes in the sheet, parent codes that
 * exist neither in the sheet nor in the database, cycles — then insert, update or unchanged for
 * each valid row (an idempotent upsert by code). Parents may come after their children.
 */
export function planImport(sheet: SheetRow[], existing: ExistingType[]): ImportPlan {
  const errors: ImportRowError[] = [];
  const fail = (row: number, field: string, message: string) => errors.push({ row, field, message });
  const byCode = new Map(existing.map((e) => [e.xmbm, e]));
  const codeOfId = new Map(existing.map((e) => [e.id, e.xmbm]));

  const valid = new Map<string, SheetRow & { sortNo: number }>();
  const seen = new Set<string>();
  for (const r of sheet) {
    let ok = true;
    const check = (cond: boolean, field: string, message: string) => {
      if (ok && !cond) {
        fail(r.row, field, message);
        ok = false;
      }
    };
    check(r.xmbm !== '', 'xmbm', 'v.required');
    check(r.xmbm.length <= 64, 'xmbm', 'v.tooLong');
    check(XMBM_PATTERN.test(r.xmbm), 'xmbm', 'v.invalid');
    check(!seen.has(r.xmbm), 'xmbm', 'v.duplicateInSheet');
    check(r.xmmc !== '', 'xmmc', 'v.required');
    check(r.xmmc.length <= 128, 'xmmc', 'v.tooLong');
    check(r.pxmbm === '' || XMBM_PATTERN.test(r.pxmbm), 'pxmbm', 'v.invalid');
    check(r.pxmbm !== r.xmbm, 'pxmbm', 'v.parentCycle');
    const sortNo = r.sort === '' ? 0 : Number(r.sort);
    check(Number.isInteger(sortNo) && sortNo >= 0 && sortNo <= 1_000_000, 'sort', 'v.invalid');
    if (r.xmbm) seen.add(r.xmbm);
    if (ok) valid.set(r.xmbm, { ...r, sortNo });
  }

  // Dropping a row can leave its children without a parent: repeat until nothing changes.
  for (let changed = true; changed; ) {
    changed = false;
    for (const r of valid.values()) {
      if (r.pxmbm && !valid.has(r.pxmbm) && !byCode.has(r.pxmbm)) {
        fail(r.row, 'pxmbm', 'v.parentUnknown');
        valid.delete(r.xmbm);
        changed = true;
      }
    }
    if (changed) continue;
    const parentOf = (code: string): string => {
      const s = valid.get(code);
      if (s) return s.pxmbm;
      const e = byCode.get(code);
      return e && e.pid ? (codeOfId.get(e.pid) ?? '') : '';
    };
    for (const r of valid.values()) {
      let cur = r.pxmbm;
      for (let steps = 0; cur && steps <= valid.size + byCode.size; steps++) {
        if (cur === r.xmbm) {
          fail(r.row, 'pxmbm', 'v.parentCycle');
          valid.delete(r.xmbm);
          changed = true;
          break;
        }
        cur = parentOf(cur);
      }
      if (changed) break;
    }
  }

  const rows: PlannedRow[] = [...valid.values()].map((r) => {
    const e = byCode.get(r.xmbm);
    const base = { xmbm: r.xmbm, xmmc: r.xmmc, parent: r.pxmbm, sort: r.sortNo };
    if (!e) return { ...base, action: 'insert' as const };
    const oldParent = e.pid ? (codeOfId.get(e.pid) ?? '') : '';
    const same = e.xmmc === r.xmmc && e.sort === r.sortNo && oldParent === r.pxmbm;
    return { ...base, action: same ? ('unchanged' as const) : ('update' as const) };
  });
  errors.sort((a, b) => a.row - b.row);
  return { rows, errors };
}

function csvCell(value: string | number): string {
  const s = String(value);
  const safe = /^[=+\-@]/.test(s) ? `'${s}` : s;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The per-row errors as a CSV the user downloads (UTF-8 with BOM so Excel reads Chinese). */
export function errorsToCsv(errors: ImportRowError[], header: [string, string, string]): string {
  if (!errors.length) return '';
  return '\uFEFF' + [header, ...errors.map((e) => [e.row, e.field, e.message])].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
