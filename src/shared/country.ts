/** ISO 3166 codes offered in the country picker (the stored value); names come from Intl in the reader's language. */
export const COUNTRY_CODES = [
  'CN', 'AE', 'AU', 'BR', 'CA', 'DE', 'EG', 'ES', 'FR', 'GB', 'ID', 'IN', 'IT', 'JP', 'KR', 'KZ', 'MX', 'MY', 'NL', 'PH', 'QA', 'RU', 'SA', 'SG', 'TH', 'TR', 'US', 'VN', 'ZA',
];

const names = new Map<string, Intl.DisplayNames>();

/** The country's name in the given language; text that is not a code shows as it is. */
export function countryName(code: string, language: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  const locale = language === 'en' ? 'en' : 'zh-CN';
  let display = names.get(locale);
  if (!display) {
    display = new Intl.DisplayNames([locale], { type: 'region' });
    names.set(locale, display);
  }
  return display.of(code) ?? code;
}
