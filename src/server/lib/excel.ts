import type ExcelJSModule from 'exceljs';
import { onFirstUse } from './first-use';

/**
 * ExcelJS, loaded on the first xlsx export or import: it adds some 25 MB to the process
 * as it loads, and most of a server's life passes without a spreadsheet.
 */
export const loadExcel = onFirstUse(() =>
  import('exceljs').then((m) => (m as { default?: typeof ExcelJSModule }).default ?? (m as unknown as typeof ExcelJSModule)),
);
