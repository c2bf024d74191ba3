/**
 * Validation formats of spec §5, used by the Mantine forms and the server contracts alike.
 * Messages are keys of the shared validation catalogue (messages.ts), translated where shown.
 */

/** Local part and domain of letters, digits, `_` or `-`, a 2–3 character suffix repeated once or twice. */
export const EMAIL_PATTERN = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*@[A-Za-z0-9_-]+(?:\.[A-Za-z]{2,3}){1,2}$/;
export const EMAIL_MAX_LENGTH = 255;
/** Mainland mobile: 11 digits starting with 1. */
export const PHONE_PATTERN = /^1\d{10}$/;
/** Unified credit code style: 15, 17, 18 or 20 upper-case letters or digits. */
export const CREDIT_CODE_PATTERN = /^(?:[0-9A-Z]{15}|[0-9A-Z]{17}|[0-9A-Z]{18}|[0-9A-Z]{20})$/;
/** ID-card-like number, as spec §5 words it: a first digit 1–9 followed by 15 or 18 digits. */
export const ID_CARD_PATTERN = /^[1-9](?:\d{15}|\d{18})$/;

export function isEmail(value: string): boolean {
  return value.length < EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}
export function isPhone(value: string): boolean {
  return PHONE_PATTERN.test(value);
}
export function isCreditCode(value: string): boolean {
  return CREDIT_CODE_PATTERN.test(value);
}
export function isIdCard(value: string): boolean {
  return ID_CARD_PATTERN.test(value);
}
/** A URL must start with http:// (or https://), or with the configured host. */
export function isUrl(value: string, host = ''): boolean {
  if (/^https?:\/\/\S+$/.test(value)) return true;
  return host !== '' && value.startsWith(host);
}

export function isValidGridColumns(columns: number): boolean {
  return Number.isInteger(columns) && columns > 0 && 24 % columns === 0;
}
