import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  BILL_RATE,
  BILL_RATE_COLORS,
  BILL_STATE,
  BILL_STATE_COLORS,
  BILL_TYPE,
  BILL_TYPE_COLORS,
  USER_STATUS,
  USER_STATUS_COLORS,
  type DictItem,
  type TagColor,
} from '@shared/dictionaries';
import type { Locale } from '@shared/constants';
import { TAG_COLOR_TO_MANTINE } from './tag-colors';

/** The colour tables of seed §4, with the labels of the matching dictionaries. */
const KINDS = {
  billState: { items: BILL_STATE, colors: BILL_STATE_COLORS },
  billRate: { items: BILL_RATE, colors: BILL_RATE_COLORS },
  billType: { items: BILL_TYPE, colors: BILL_TYPE_COLORS },
  userStatus: { items: USER_STATUS, colors: USER_STATUS_COLORS },
} as const;
export type StatusKind = keyof typeof KINDS;

export interface StatusTagProps {
  value: string | number | null | undefined;
  /** One of the seed's colour tables… */
  kind?: StatusKind;
  /** …or any dictionary whose items carry a colour. */
  dict?: DictItem[];
}

/** A status shown as a coloured tag (seed §4 "Tag colours"); unknown values show as they are, uncoloured. */
export function StatusTag({ value, kind, dict }: StatusTagProps) {
  const { i18n } = useTranslation();
  if (value === null || value === undefined || value === '') return null;
  const key = String(value);
  const items = kind ? KINDS[kind].items : (dict ?? []);
  const item = items.find((i) => i.value === key);
  const color: TagColor = (kind ? KINDS[kind].colors[key] : item?.color) ?? 'default';
  const label = item ? item[(i18n.language as Locale) === 'en' ? 'en' : 'cn'] : key;
  // A tag is never cut to "REP…": at least as wide as its label, so an auto-width table column grows
  // to fit it (Mantine's badge clips its label and would otherwise let the column squeeze it).
  return (
    <Badge variant="light" color={TAG_COLOR_TO_MANTINE[color]} data-color={color} radius="sm" miw="max-content">
      {label}
    </Badge>
  );
}
