import type { ReactNode } from 'react';
import type { RowSize, TableMode } from '@shared/constants';

export type { RowSize, TableMode };
export type RowKey = string | number;

/** A column of spec §3 "Table column definition". */
export interface TableColumn<Row> {
  /** Field of the row shown in this column; also the column's id in the chooser, the export and saved preferences. */
  prop?: string;
  label?: ReactNode;
  /** 'handle' marks the action column; 'selection' a checkbox column; 'index' the row number. */
  type?: 'handle' | 'selection' | 'index';
  /** false hides the column until chosen; 'always' keeps it visible and locks its checkbox. @default true */
  display?: boolean | 'always';
  /** Keeps the column in view while scrolling sideways. */
  fixed?: boolean | 'left' | 'right';
  /** Left out of the column chooser and the export. */
  ignore?: boolean;
  /** Width in px, never below MIN_COLUMN_WIDTH. */
  width?: number;
  align?: 'left' | 'center' | 'right';
  /** Keeps the cell on one line (dates, times, codes, numbers): a narrow screen scrolls sideways instead of breaking them. */
  nowrap?: boolean;
  render?: (row: Row, index: number) => ReactNode;
}

/** Which columns show and in what order, by column id; what is saved per user and screen. */
export interface ColumnPrefs {
  order: string[];
  hidden: string[];
}

export function columnId<Row>(column: TableColumn<Row>, index: number): string {
  return column.prop ?? column.type ?? `col-${index}`;
}

export function isSpecialColumn<Row>(column: TableColumn<Row>): boolean {
  return column.type === 'selection' || column.type === 'index' || column.type === 'handle';
}
