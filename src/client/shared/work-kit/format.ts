import type { TableColumn } from '@client/components/table/types';
import { localName } from '@shared/local-name';
import { dateTime } from '@client/lib/date-time';

/** Instants as operators read them, in local time. */
export const when = (v: string | Date | null | undefined) => dateTime(v);

/**
 * The project column of a list: the project's English name on an English screen when it has one.
 * `language` is the screen's i18n language, so the column follows a switch.
 */
export function projectColumn<Row extends { projectName: string | null; projectNameEn: string | null }>(label: string, language: string): TableColumn<Row> {
  return { prop: 'projectName', label, render: (row) => (row.projectName === null ? '' : localName(row.projectName, row.projectNameEn, language)) };
}

/**
 * A column of a name that has an English form beside it (`<prop>En`): the English on an English
 * screen when the row has one, the name otherwise (src/shared/local-name.ts).
 */
export function localColumn<Row>(prop: keyof Row & string, label: string, language: string, more: Partial<TableColumn<Row>> = {}): TableColumn<Row> {
  return {
    prop,
    label,
    ...more,
    render: (row) => {
      const r = row as Record<string, unknown>;
      const name = r[prop];
      return typeof name === 'string' ? localName(name, r[`${prop}En`] as string | null | undefined, language) : '';
    },
  };
}
