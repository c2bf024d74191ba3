import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { DEFAULT_LOCALE, LOCALES, STORAGE_KEYS, type Locale } from '@shared/constants';
import { translate } from '@shared/messages';

/**
 * Each language's texts are a chunk of their own and only the one in use is downloaded (the other
 * comes when the user switches): both together were a tenth of the login's JavaScript.
 */
const bundles: Record<Locale, () => Promise<{ default: Record<string, object> }>> = {
  cn: () => import('../locales/cn'),
  en: () => import('../locales/en'),
};

/** Adds a language's texts to i18next once; main.tsx awaits the stored language before the first render. */
export async function loadLocale(locale: Locale): Promise<void> {
  if (i18n.hasResourceBundle(locale, 'common')) return;
  const { default: resources } = await bundles[locale]();
  for (const [ns, texts] of Object.entries(resources)) i18n.addResourceBundle(locale, ns, texts, true, true);
}

export function storedLocale(): Locale {
  const saved = typeof localStorage !== 'undefined' ? localStorage.getItem(STORAGE_KEYS.language) : null;
  return (LOCALES as readonly string[]).includes(saved ?? '') ? (saved as Locale) : DEFAULT_LOCALE;
}

/** The language choice lives in localStorage (seed §1); Chinese by default. */
export function setLocale(locale: Locale): void {
  localStorage.setItem(STORAGE_KEYS.language, locale);
  dayjs.locale(locale === 'cn' ? 'zh-cn' : 'en');
  document.documentElement.lang = locale === 'cn' ? 'zh-CN' : 'en';
  void loadLocale(locale).then(() => i18n.changeLanguage(locale));
}

export function currentLocale(): Locale {
  return (i18n.language as Locale) || DEFAULT_LOCALE;
}

/** Translates a shared message key (validation, server) in the current language. */
export function tMessage(key: string): string {
  return translate(key, currentLocale());
}

if (!i18n.isInitialized) {
  void i18n.use(initReactI18next).init({
    resources: {},
    partialBundledLanguages: true,
    lng: storedLocale(),
    fallbackLng: DEFAULT_LOCALE,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  dayjs.locale(i18n.language === 'cn' ? 'zh-cn' : 'en');
}

// Tests render synchronously right after importing this module: they get both languages up front.
if (import.meta.env.MODE === 'test') await Promise.all([loadLocale('cn'), loadLocale('en')]);

export default i18n;
