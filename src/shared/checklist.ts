/**
 * Checklists (issue 39, docs/maintenance.md "Checklists"): a template's typed items, and how a
 * technician's answers are judged. One judge for the server (which decides) and the report form
 * (which shows the same marks as the technician types), so the two cannot disagree.
 */

export const CHECK_ITEM_TYPES = ['number', 'check', 'choice', 'text', 'photo', 'signature'] as const;
export type CheckItemType = (typeof CHECK_ITEM_TYPES)[number];
/** A pass / flag / fail item's answers: a flag is noted, a fail opens a corrective order. */
export const CHECK_MARKS = ['pass', 'flag', 'fail'] as const;
export type CheckMark = (typeof CHECK_MARKS)[number];

export const CHECK_ITEMS_MAX = 60;
export const CHECK_OPTIONS_MAX = 20;
export const CHECK_PHOTOS_MAX = 6;
export const CHECK_TEXT_MAX = 2000;

export interface CheckItem {
  /** Stable within its template: answers and a unit's history are keyed by it. */
  key: string;
  type: CheckItemType;
  label: string;
  labelEn: string;
  /** An answer is needed to complete the order (a photo or signature blocks completion without one). */
  required: boolean;
  /** number: its unit and limits (either may be open); `limited` (the default) demands at least one. */
  unit?: string;
  limited?: boolean;
  min?: number | null;
  max?: number | null;
  /** choice: what may be picked. */
  options?: string[];
}

export interface Signature {
  /** Who signed, as they typed it. */
  name: string;
  /** The drawn signature, a PNG file of the report. */
  file: number;
}
export type CheckAnswer = number | string | number[] | Signature;
export type CheckAnswers = Record<string, CheckAnswer>;

export interface ItemVerdict {
  key: string;
  /** ok: answered within its limits; flag; fail (out of limits, or marked fail); open: not answered. */
  state: 'ok' | 'flag' | 'fail' | 'open';
}

export interface Judgement {
  /** Field path (`checklist.<key>`) → message key, for answers that cannot be stored at all. */
  invalid: Record<string, string>;
  /** Field path → message key, for required answers missing: they block completion, not a "not fixed" report. */
  missing: Record<string, string>;
  verdicts: ItemVerdict[];
  failed: CheckItem[];
  flagged: CheckItem[];
}

const isFileId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 2_147_483_647;

/** An answer that is there: not undefined, not blank text, not an empty photo list. */
export function answered(item: CheckItem, value: CheckAnswer | undefined): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  if (item.type === 'signature') return typeof value === 'object' && isFileId((value as Signature).file) && String((value as Signature).name ?? '').trim() !== '';
  return true;
}

/** The shape an item's answer must have; a message key when it has not. */
function shapeError(item: CheckItem, value: CheckAnswer): string | null {
  switch (item.type) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) < 1e9 ? null : 'v.invalid';
    case 'check':
      return typeof value === 'string' && (CHECK_MARKS as readonly string[]).includes(value) ? null : 'v.invalid';
    case 'choice':
      return typeof value === 'string' && (value === '' || (item.options ?? []).includes(value)) ? null : 'v.invalid';
    case 'text':
      if (typeof value !== 'string') return 'v.invalid';
      return value.length > CHECK_TEXT_MAX ? 'v.tooLong' : value.includes('\u0000') ? 'v.nul' : null;
    case 'photo':
      if (!Array.isArray(value) || !value.every(isFileId)) return 'v.invalid';
      return value.length > CHECK_PHOTOS_MAX ? 'v.checklistPhotos' : null;
    case 'signature': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'v.invalid';
      const s = value as Partial<Signature>;
      const keys = Object.keys(s);
      if (!keys.every((k) => k === 'name' || k === 'file') || typeof s.name !== 'string' || s.name.length > 64 || !isFileId(s.file)) return 'v.invalid';
      return null;
    }
  }
}

/** Out of the item's limits (a bound left open never is). */
export function outOfLimits(item: CheckItem, value: number): boolean {
  return (item.min !== null && item.min !== undefined && value < item.min) || (item.max !== null && item.max !== undefined && value > item.max);
}

/** The required-answer message of an item's kind: a photo and a signature say what is missing. */
function missingMessage(item: CheckItem): string {
  return item.type === 'photo' ? 'v.checklistPhoto' : item.type === 'signature' ? 'v.checklistSignature' : 'v.required';
}

/**
 * Judges answers against a template's items: what cannot be stored (an unknown item, a value of the
 * wrong kind), what is missing to complete, and each item's verdict — a number out of its limits and
 * a "fail" fail, a "flag" is flagged.
 */
export function judge(items: readonly CheckItem[], answers: CheckAnswers): Judgement {
  const invalid: Record<string, string> = {};
  const missing: Record<string, string> = {};
  const verdicts: ItemVerdict[] = [];
  const failed: CheckItem[] = [];
  const flagged: CheckItem[] = [];
  const known = new Set(items.map((i) => i.key));
  for (const key of Object.keys(answers)) if (!known.has(key)) invalid[`checklist.${key}`] = 'v.invalid';
  for (const item of items) {
    const value = answers[item.key];
    const path = `checklist.${item.key}`;
    if (value !== undefined && value !== null) {
      const error = shapeError(item, value);
      if (error) {
        invalid[path] = error;
        verdicts.push({ key: item.key, state: 'open' });
        continue;
      }
    }
    if (!answered(item, value)) {
      if (item.required) missing[path] = missingMessage(item);
      verdicts.push({ key: item.key, state: 'open' });
      continue;
    }
    const state = item.type === 'number' ? (outOfLimits(item, value as number) ? 'fail' : 'ok') : item.type === 'check' ? (value === 'fail' ? 'fail' : value === 'flag' ? 'flag' : 'ok') : 'ok';
    if (state === 'fail') failed.push(item);
    if (state === 'flag') flagged.push(item);
    verdicts.push({ key: item.key, state });
  }
  return { invalid, missing, verdicts, failed, flagged };
}

/** A number's limits as text, `2–8`, `≥ 0.5`, `≤ 3`; empty when both are open. */
export function limitsText(item: Pick<CheckItem, 'min' | 'max'>): string {
  const has = (v: number | null | undefined): v is number => v !== null && v !== undefined;
  if (has(item.min) && has(item.max)) return `${item.min}–${item.max}`;
  if (has(item.min)) return `≥ ${item.min}`;
  if (has(item.max)) return `≤ ${item.max}`;
  return '';
}

/** What failed, in one line of a language: `Pressure 9.2 bar (2–8); Intake screen: fail`. */
export function failuresText(items: readonly CheckItem[], answers: CheckAnswers, en: boolean): string {
  return items
    .map((item) => {
      const label = en && item.labelEn ? item.labelEn : item.label;
      if (item.type === 'number') return `${label} ${answers[item.key] as number}${item.unit ? ` ${item.unit}` : ''} (${limitsText(item)})`;
      return `${label}: ${en ? 'fail' : '不合格'}`;
    })
    .join('; ');
}
