import i18next from 'i18next';
import type cn from '../locales/cn';

/**
 * The texts i18next's keys are typed from (locales/i18next.d.ts): Chinese, whose keys English has too.
 * A type-only import: no text reaches a bundle through this file.
 */
export type Texts = typeof cn;

/**
 * The keys of one group of texts, for keys built at run time: `t(\`device.fields.${k}\`)` type-checks
 * when `k: KeyOf<Texts['projects']['device']['fields']>`, so a field without a text fails the typecheck.
 */
export type KeyOf<T> = Extract<keyof T, string>;


/**
 * Narrows a value from data (an action code the server logged) to a key of one group of texts, when
 * i18next holds a text for it: `hasText<Texts['sysadmin']['log']['actions']>('sysadmin', 'log.actions', code)`.
 * A key chosen by data goes through this check instead of a cast, and falls back to the value itself.
 */
export function hasText<T extends object>(ns: keyof Texts, group: string, value: string): value is KeyOf<T> {
  return i18next.exists(`${group}.${value}`, { ns });
}
