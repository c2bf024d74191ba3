import type ExcelJSModule from 'exceljs';

let loading: Promise<typeof ExcelJSModule> | null = null;

/**
 * ExcelJS, loaded on the first xlsx export or import: it adds some 25 MB to the process
 * as it loads, and most of a server's life passes without a spreadsheet.
 */
export function loadExcel(): Promise<typeof ExcelJSModule> {
  loading ??= import('exceljs').then((m) => (m as { default?: typeof ExcelJSModule }).default ?? (m as unknown as typeof ExcelJSModule));
  return loading;
}
