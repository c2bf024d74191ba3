/**
 * A name as a reader of `language` sees it: the English form in English when the record has one,
 * otherwise the name itself (projects, menus, roles and dictionaries keep both; the Chinese is the
 * required one).
 */
export function localName(name: string, nameEn: string | null | undefined, language: string): string {
  return language === 'en' && nameEn ? nameEn : name;
}
