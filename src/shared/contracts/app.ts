import { z } from 'zod';
import { BILL_RATE, BILL_STATE, BILL_TYPE, SEX, type DictItem } from '../dictionaries';
import { FINAL_BILL_STATES } from '../choices';
import { isEmail, isIdCard, isPhone } from '../validation';
import { partialWithoutDefaults, requiredString, instantText } from './common';
import { optionalFilter, rangeOrder } from './query-filters';
import { filterDate, filterEnum, filterId, filterText, optionalDate, refId, textField } from './work-fields';

/**
 * Application area (spec §2 "Application", docs/domain.md §3): customer accounts (app/user), their bills
 * (app/bill) and the record of every bill state change (app/bill-record).
 */

const valuesOf = (items: DictItem[]) => items.map((i) => i.value) as [string, ...string[]];
export const SEX_VALUES = valuesOf(SEX);
export const BILL_TYPE_VALUES = valuesOf(BILL_TYPE);
export const BILL_RATE_VALUES = valuesOf(BILL_RATE);
export const BILL_STATE_VALUES = valuesOf(BILL_STATE);
export { FINAL_BILL_STATES };
/** A bank card number: 12 to 19 digits, stored without the spaces the screens group it with. */
export const CARD_NUMBER_PATTERN = /^\d{12,19}$/;
/** numeric(14,2): the largest amount the column holds. */
export const AMOUNT_MAX = 999_999_999_999.99;
const CENTS = 100;

const option = (values: [string, ...string[]]) => z.enum(values, { error: 'v.option' });
/** An optional formatted text: '' means "not given", anything else must match the format. */
const formatted = (max: number, test: (v: string) => boolean, message: string) =>
  z.string().trim().max(max, { message: 'v.tooLong' }).refine((v) => v === '' || test(v), { message }).default('');

// ---- app/user: customer accounts ----

export const appUserSchema = z.strictObject({
  name: requiredString(64),
  sex: option(SEX_VALUES).default('2'),
  phone: formatted(32, isPhone, 'v.phone'),
  idCard: formatted(32, isIdCard, 'v.idCard'),
  email: formatted(254, isEmail, 'v.email'),
  status: z.coerce.number({ error: 'v.option' }).int({ message: 'v.option' }).min(0, { message: 'v.option' }).max(1, { message: 'v.option' }).default(1),
});
export type AppUserInput = z.input<typeof appUserSchema>;

export const appUserQuerySchema = z.strictObject({
  name: filterText(64),
  phone: filterText(32),
  sex: filterEnum(SEX_VALUES),
  status: optionalFilter(z.coerce.number({ error: 'v.invalid' }).int().min(0).max(1)),
});

export const appUserRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  sex: z.string(),
  phone: z.string(),
  idCard: z.string(),
  email: z.string(),
  status: z.number(),
  createdAt: instantText(),
});
export type AppUserRow = z.output<typeof appUserRowSchema>;

// ---- app/bill ----

const amountField = () =>
  z.coerce
    .number({ error: 'v.amount' })
    .refine((v) => Number.isFinite(v) && v > 0 && v <= AMOUNT_MAX && Math.abs(v * CENTS - Math.round(v * CENTS)) < 1e-6, { message: 'v.amount' });

const billFields = {
  userId: refId(),
  cardNumber: z
    .string({ error: 'v.required' })
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().min(1, { message: 'v.required' }).regex(CARD_NUMBER_PATTERN, { message: 'v.cardNumber' })),
  amount: amountField(),
  billType: option(BILL_TYPE_VALUES).default('1'),
  billRate: option(BILL_RATE_VALUES).default('0'),
  billState: option(BILL_STATE_VALUES).default('0'),
  /** When the bill was issued; now when left out. */
  at: optionalDate().optional(),
  /** Why: written to the bill record of the state this call sets (not a bill column). */
  reason: textField(500).optional(),
};
export const billSchema = z.strictObject(billFields);
export type BillInput = z.input<typeof billSchema>;
/** Update: the fields to change (none reset to a default) plus the id. */
export const billUpdateSchema = partialWithoutDefaults(billSchema).extend({ id: refId() }).strict();
export type BillUpdate = { id: number } & Partial<z.output<typeof billSchema>>;

/** POST /app/bill/state: move a bill to another state, saying why. */
export const billStateSchema = z.strictObject({
  id: refId(),
  billState: option(BILL_STATE_VALUES),
  reason: textField(500).default(''),
});
export type BillStateInput = z.input<typeof billStateSchema>;

export const billQuerySchema = z.strictObject({
  number: filterText(32),
  userId: filterId(),
  billType: filterEnum(BILL_TYPE_VALUES),
  billRate: filterEnum(BILL_RATE_VALUES),
  billState: filterEnum(BILL_STATE_VALUES),
  atFrom: filterDate(),
  atTo: filterDate(),
}).superRefine(rangeOrder('atFrom', 'atTo'));

export const billRowSchema = z.object({
  id: z.number(),
  number: z.string(),
  userId: z.number(),
  userName: z.string().nullable(),
  cardNumber: z.string(),
  amount: z.number(),
  billType: z.string(),
  billRate: z.string(),
  billState: z.string(),
  at: instantText(),
});
export type BillRow = z.output<typeof billRowSchema>;

/** The answer of a bill's save: its id and the number it was given. */
export const billSavedSchema = billRowSchema.pick({ id: true, number: true });
/** The answer of a bill's state change. */
export const billStateAnswerSchema = billRowSchema.pick({ id: true, billState: true });

// ---- app/bill-record: read-only history of state changes ----

export const billRecordQuerySchema = z.strictObject({
  /** Bill number, or a part of it. */
  number: filterText(32),
  billId: filterId(),
  toState: filterEnum(BILL_STATE_VALUES),
});

export const billRecordRowSchema = z.object({
  id: z.number(),
  billId: z.number(),
  billNumber: z.string().nullable(),
  fromState: z.string().nullable(),
  toState: z.string(),
  byUser: z.string(),
  reason: z.string(),
  at: instantText(),
});
export type BillRecordRow = z.output<typeof billRecordRowSchema>;
