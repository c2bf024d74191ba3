import type { DictItem, TagColor } from '@shared/dictionaries';
import { useDictionary } from '@client/lib/dictionary';
import { StatusTag } from '../tags/status-tag';

const COLORS = new Set<string>(['primary', 'success', 'warning', 'danger', 'info', 'default']);

/**
 * A value shown as the coloured tag of its dictionary item (labels and colours from the server).
 * Until the dictionary has loaded it shows nothing: the stored code ("normal") is neither language.
 */
export function DictTag({ type, value }: { type: string; value: string | number | null | undefined }) {
  const { items, isLoading } = useDictionary(type);
  if (isLoading) return <span aria-busy="true" />;
  const dict: DictItem[] = items.map((e) => ({
    value: e.value,
    cn: e.label,
    en: e.labelEn || e.label,
    color: COLORS.has(e.color) ? (e.color as TagColor) : undefined,
  }));
  return <StatusTag value={value} dict={dict} />;
}
