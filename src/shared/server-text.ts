import type { Locale } from './constants';
import { isMessageKey, MESSAGES } from './messages';

/**
 * Text the server writes itself (warning reasons, automatic orders, job and setting descriptions)
 * is stored as a message key plus parameters, never as words of one language, so every reader sees
 * it in their own. The stored form is `[[key]]{json params}`: it lives in the existing text column
 * (lists, searches and exports keep working on one column) and is rendered on the way out, by the
 * server from Accept-Language or by the client from its language.
 */
export type TextParams = Record<string, string | number>;

const STORED = /^\[\[([A-Za-z0-9_.-]+)\]\](\{.*\})?$/s;

/** The stored form of a message: `[[key]]{params}`. */
export function serverText(key: keyof typeof MESSAGES, params?: TextParams): string {
  return `[[${key}]]${params && Object.keys(params).length ? JSON.stringify(params) : ''}`;
}

/** True when the value is a stored message (cheap test first: most strings are plain). */
export function isServerText(value: string): boolean {
  return value.startsWith('[[') && STORED.test(value);
}

/**
 * A parameter as the reader sees it: `{board}` takes `boardEn` in English when the record has one
 * (names with an English variant travel in both languages), and a parameter that is itself a stored
 * message is rendered too.
 */
function param(params: TextParams, name: string, locale: Locale): string {
  const en = params[`${name}En`];
  const value = locale === 'en' && en !== undefined && en !== '' ? en : params[name];
  if (value === undefined) return '';
  const s = String(value);
  return isServerText(s) ? renderText(s, locale) : s;
}

/** Fills `{name}` placeholders of a catalogue text. */
export function formatMessage(key: string, params: TextParams, locale: Locale): string {
  if (!isMessageKey(key)) return key;
  // A placeholder without a parameter stays as written ('{z}/{x}/{y}' in a tile URL description).
  return (MESSAGES[key][locale] as string).replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? param(params, name, locale) : whole));
}

/** The text as a reader of `locale` sees it: stored messages rendered, anything else unchanged. */
export function renderText(value: string, locale: Locale): string {
  if (!value.startsWith('[[')) return value;
  const m = STORED.exec(value);
  if (!m || !isMessageKey(m[1])) return value;
  let params: TextParams = {};
  if (m[2]) {
    try {
      params = JSON.parse(m[2]) as TextParams;
    } catch {
      return value;
    }
  }
  return formatMessage(m[1], params, locale);
}

/**
 * Renders every stored message inside a response body (objects and arrays walked, depth-limited).
 * Runs on every answer, so it allocates only for what changes: an array or object is copied once a
 * member of it is rendered, and walked without Object.entries' [key, value] pair per field.
 */
export function renderDeep<T>(value: T, locale: Locale, depth = 0): T {
  if (typeof value === 'string') return renderText(value, locale) as T;
  if (depth > 8 || value === null || typeof value !== 'object' || value instanceof Date) return value;
  if (Array.isArray(value)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const r = renderDeep(value[i] as unknown, locale, depth + 1);
      if (r !== value[i]) (out ??= [...value])[i] = r;
    }
    return (out ?? value) as T;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return value;
  const source = value as Record<string, unknown>;
  let out: Record<string, unknown> | null = null;
  for (const k in source) {
    if (!Object.hasOwn(source, k)) continue;
    const r = renderDeep(source[k], locale, depth + 1);
    if (r !== source[k]) (out ??= { ...source })[k] = r;
  }
  return (out ?? value) as T;
}

/**
 * True when an edit sends back a stored message exactly as it was shown (a form saving the whole
 * record): the stored form is kept, so the text stays bilingual instead of freezing in one language.
 */
export function isUnchangedRendering(stored: unknown, incoming: unknown, locale: Locale): boolean {
  return typeof stored === 'string' && typeof incoming === 'string' && isServerText(stored) && (incoming === stored || incoming === renderText(stored, locale));
}
