/**
 * IANA time zone names, checked with the runtime's own Intl data (no library: the contracts that
 * validate a zone load with forms, and luxon stays with the code that computes in local time,
 * `local-time.ts`).
 */

const NAME = /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/;

/** The runtime's canonical spelling of a zone name (`europe/berlin` → `Europe/Berlin`), or null when unknown. */
export function canonicalTimeZone(name: string): string | null {
  if (typeof name !== 'string' || !NAME.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** Whether `name` is a time zone this runtime knows (`Europe/Berlin`, `UTC`); offsets like `+08:00` are refused. */
export function isTimeZone(name: string): boolean {
  return canonicalTimeZone(name) !== null;
}

/** Every time zone the runtime knows, for pickers (IANA names, sorted, `UTC` included). */
export function timeZoneNames(): string[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', ...names])].sort();
}

/** The zone a new project starts with: China's, as the product's first language (docs/domain.md). */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';
