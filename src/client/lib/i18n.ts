import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { DEFAULT_LOCALE, LOCALES, STORAGE_KEYS, type Locale } from '@shared/constants';

/**
 * Each language's texts come in chunks, and only those of the language in use that a screen needs
 * are downloaded (the other language comes when the user switches): the texts every screen uses
 * (the login needs nothing more), the walls', the back-office's (its shell, kit and operations), the
 * system administration's and the project records'. app/locale-parts.test.ts follows every
 * route's screen through its imports and fails when it names a namespace its route does not load.
 */
export type LocalePart = 'core' | 'wall' | 'work' | 'admin' | 'projects';
type Bundle = () => Promise<{ default: Record<string, object> }>;
const bundles: Record<Locale, Record<LocalePart, Bundle>> = {
  cn: {
    core: () => import('../locales/cn/part-core'),
    wall: () => import('../locales/cn/part-wall'),
    work: () => import('../locales/cn/part-work'),
    admin: () => import('../locales/cn/part-admin'),
    projects: () => import('../locales/cn/part-projects'),
  },
  en: {
    core: () => import('../locales/en/part-core'),
    wall: () => import('../locales/en/part-wall'),
    work: () => import('../locales/en/part-work'),
    admin: () => import('../locales/en/part-admin'),
    projects: () => import('../locales/en/part-projects'),
  },
};
/** The namespaces each part holds (locales.test.ts checks the part files against it). */
const PART_NAMESPACES: Record<LocalePart, readonly string[]> = {
  core: ['common', 'layout', 'auth', 'messages'],
  wall: ['wall', 'wallProject', 'scenes'],
  work: ['account', 'kit', 'app', 'work', 'plans', 'assign', 'stock'],
  admin: ['sysadmin', 'identity'],
  projects: ['projects'],
};
const ALL_PARTS = Object.keys(PART_NAMESPACES) as LocalePart[];
const loading = new Map<string, Promise<void>>();

export const namespacesOf = (part: LocalePart): readonly string[] => PART_NAMESPACES[part];

/**
 * The back-office screens that draw what the walls draw, in the walls' words: the dashboard's charts,
 * the statistics and its printable report, the cards and the scenes. The other back-office screens
 * (the lists, the forms) go without the walls' texts.
 */
const WALL_TEXT_PATHS = /^\/(main\/?$|main\/(fall\/stats|ship)(\/|$)|print\/)/;
/** The system administration's screens (users, roles, menus, logs, jobs, storage, project types). */
const ADMIN_PATHS = /^\/main\/(sys|job|oss|xmlx)(\/|$)/;
/** The screens of the project records (projects, device models, equipment, spare parts). */
const PROJECT_PATHS = /^\/main\/fall\/(project|device|eqInfo|spare)(\/|$)/;

/** The texts a path needs: the login its own, the walls theirs, the back-office its own and those of the screen's area. */
export function localePartsFor(pathname: string): LocalePart[] {
  if (/^\/login2?(\/|$)/.test(pathname)) return ['core'];
  if (/^\/page(\/|$)/.test(pathname)) return ['core', 'wall'];
  const parts: LocalePart[] = ['core', 'work'];
  if (WALL_TEXT_PATHS.test(pathname)) parts.push('wall');
  if (ADMIN_PATHS.test(pathname)) parts.push('admin');
  if (PROJECT_PATHS.test(pathname)) parts.push('projects');
  return parts;
}

/**
 * Adds texts of a language to i18next, each part once; main.tsx awaits those of the first screen
 * before the first render, the router those of every screen it goes to.
 */
export async function loadLocale(locale: Locale, parts: readonly LocalePart[] = ALL_PARTS): Promise<void> {
  await Promise.all(
    parts.map((part) => {
      const key = `${locale}:${part}`;
      let pending = loading.get(key);
      if (!pending) {
        pending = bundles[locale][part]().then(
          ({ default: resources }) => {
            for (const [ns, texts] of Object.entries(resources)) i18n.addResourceBundle(locale, ns, texts, true, true);
          },
          (error: unknown) => {
            loading.delete(key);
            throw error;
          },
        );
        loading.set(key, pending);
      }
      return pending;
    }),
  );
}

/** The parts of a language already asked for (a language switch loads the same of the other). */
function partsAskedFor(locale: Locale): LocalePart[] {
  return ALL_PARTS.filter((part) => loading.has(`${locale}:${part}`));
}

export function storedLocale(): Locale {
  const saved = typeof localStorage !== 'undefined' ? localStorage.getItem(STORAGE_KEYS.language) : null;
  return (LOCALES as readonly string[]).includes(saved ?? '') ? (saved as Locale) : DEFAULT_LOCALE;
}

/** The language choice lives in localStorage (spec §1); Chinese by default. */
export function setLocale(locale: Locale): void {
  localStorage.setItem(STORAGE_KEYS.language, locale);
  dayjs.locale(locale === 'cn' ? 'zh-cn' : 'en');
  markDocumentLanguage(locale);
  const parts = partsAskedFor(currentLocale());
  void loadLocale(locale, parts.length ? parts : ALL_PARTS).then(() => i18n.changeLanguage(locale));
}

/** `<html lang>` names the language on screen (screen readers, hyphenation, the browser's translate offer) from the first frame on. */
function markDocumentLanguage(locale: Locale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale === 'cn' ? 'zh-CN' : 'en';
}

export function currentLocale(): Locale {
  return (i18n.language as Locale) || DEFAULT_LOCALE;
}

/**
 * Translates a shared message key (validation, server) in the current language, from the `messages`
 * namespace its part-core chunk brought (the language's texts are loaded before it is current);
 * anything else passes through.
 */
export function tMessage(key: string): string {
  const text: unknown = i18n.getResource(currentLocale(), 'messages', key, { keySeparator: false });
  return typeof text === 'string' ? text : key;
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
  markDocumentLanguage(i18n.language as Locale);
}

// Tests render synchronously right after importing this module: they get both languages up front.
if (import.meta.env.MODE === 'test') await Promise.all([loadLocale('cn'), loadLocale('en')]);

export default i18n;
