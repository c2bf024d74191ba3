import { useTranslation } from 'react-i18next';
import { USER_STATUS, type DictItem } from '@shared/dictionaries';

/** Select options of a fixed dictionary, labelled in the current language. */
export function dictOptions(items: DictItem[], language: string): { value: string; label: string }[] {
  return items.map((i) => ({ value: i.value, label: language === 'en' ? i.en : i.cn }));
}

/** userStatus of spec §3 (1 normal, 0 disabled) as select options. */
export function useStatusOptions() {
  const { i18n } = useTranslation();
  return dictOptions(USER_STATUS, i18n.language);
}
