import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { BILL_RATE, BILL_STATE, BILL_TYPE, USER_STATUS, type DictItem, type TagColor } from '@shared/dictionaries';
import type { Locale } from '@shared/constants';
import { TAG_COLOR_TO_MANTINE } from './tag-colors';

/** The dictionaries whose items carry the tag colours of spec §4. */
const KINDS = { billState: BILL_STATE, billRate: BILL_RATE, billType: BILL_TYPE, userStatus: USER_STATUS } as const;
export type StatusKind = keyof typeof KINDS;

export interface StatusTagProps {
  value: string | number | null | undefined;
  /** One of the spec's colour tables… */
  kind?: StatusKind;
  /** …or any dictionary whose items carry a colour. */
  dict?: DictItem[];
}

/**
 * The look of Mantine's light, small-radius, md badge, as one plain element with a style object made
 * once per colour. Tags fill the cells of every list, and the virtual table renders rows on each scroll
 * frame: a Mantine Badge (two elements, about thirty CSS variables resolved per restyle, two clipping
 * boxes) cost more than the rest of its row together.
 */
const TAG_STYLE: CSSProperties = {
  display: 'inline-block',
  boxSizing: 'border-box',
  height: '1.25rem',
  lineHeight: 'calc(1.25rem - 2px)',
  padding: '0 0.625rem',
  border: '1px solid transparent',
  borderRadius: 'var(--mantine-radius-sm)',
  fontSize: '0.6875rem',
  fontWeight: 'var(--mantine-font-weight-bold)' as CSSProperties['fontWeight'],
  letterSpacing: '0.015625rem',
  textTransform: 'uppercase',
  whiteSpace: 'nowrap',
  cursor: 'default',
  // Never cut to "REP…": at least as wide as its label, so an auto-width table column grows to fit it.
  minWidth: 'max-content',
};
const STYLE_BY_COLOR = Object.fromEntries(
  Object.entries(TAG_COLOR_TO_MANTINE).map(([tag, mantine]) => [tag, { ...TAG_STYLE, background: `var(--mantine-color-${mantine}-light)`, color: `var(--mantine-color-${mantine}-light-color)` }]),
) as Record<TagColor, CSSProperties>;

/** A status shown as a coloured tag (spec §4 "Tag colours"); unknown values show as they are, uncoloured. */
export function StatusTag({ value, kind, dict }: StatusTagProps) {
  const { i18n } = useTranslation();
  if (value === null || value === undefined || value === '') return null;
  const key = String(value);
  const items = kind ? KINDS[kind] : (dict ?? []);
  const item = items.find((i) => i.value === key);
  const color: TagColor = item?.color ?? 'default';
  const label = item ? item[(i18n.language as Locale) === 'en' ? 'en' : 'cn'] : key;
  return (
    <span data-color={color} style={STYLE_BY_COLOR[color]}>
      {label}
    </span>
  );
}
