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

