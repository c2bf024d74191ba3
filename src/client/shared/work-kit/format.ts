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
