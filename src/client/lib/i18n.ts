import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { DEFAULT_LOCALE, LOCALES, STORAGE_KEYS, type Locale } from '@shared/constants';
import { translate } from '@shared/messages';
import cn from '../locales/cn';
import en from '../locales/en';

export function storedLocale(): Locale {
  const saved = typeof localStorage !== 'undefined' ? localStorage.getItem(STORAGE_KEYS.language) : null;
  return (LOCALES as readonly string[]).includes(saved ?? '') ? (saved as Locale) : DEFAULT_LOCALE;
}

/** The language choice lives in localStorage (seed §1); Chinese by default. */
export function setLocale(locale: Locale): void {
  localStorage.setItem(STORAGE_KEYS.language, locale);
  dayjs.locale(locale === 'cn' ? 'zh-cn' : 'en');
  document.documentElement.lang = locale === 'cn' ? 'zh-CN' : 'en';
  void i18n.changeLanguage(locale);
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
    resources: { cn, en },
    lng: storedLocale(),
    fallbackLng: DEFAULT_LOCALE,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  dayjs.locale(i18n.language === 'cn' ? 'zh-cn' : 'en');
}

export default i18n;
