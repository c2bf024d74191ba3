import type { z } from 'zod';

/**
 * What one field of a form holds while the user fills it in, from the value the contract settles on
 * for it:
 * - text stays text ('' is empty), a choice among texts stays that choice, a switch stays a boolean,
 *   a list stays a list ([] is empty), an object stays an object;
 * - a number (an amount, a picked id: the pickers give numbers) may also be `null`, not given or
 *   not picked yet (a NumberInput shows it as `value ?? ''`);
 * - an instant is the text the date pickers give ('YYYY-MM-DD HH:mm:ss'), or `null`;
 * - anything else may also be `null`.
 * The contract refuses what is still empty on submit with its own message (v.required, v.id…), which
 * the form shows under the field.
 */
export type DraftValue<V> = [V] extends [string | boolean | readonly unknown[] | Record<string, unknown>]
  ? V
  : Date extends V
      ? Exclude<V, Date> | string | null
      : V | null;

/**
 * The values of a form derived from the contract that validates it: every field of the save schema
 * present (so an initial-values literal must name each one, and a field added to the contract fails
 * the typecheck until the form gives it a start value), each as a draft of what the contract
 * settles on (`z.output`). The output rather than `z.input`: many contract fields read loose input
 * (`z.preprocess`, `z.coerce`: '' or digits for an id, text for a date), whose input type is
 * `unknown` and says nothing about what the form holds.
 *
 * @example
 *   type Values = FormValues<typeof equipmentSaveSchema>;
 *   const INITIAL: Values = { name: '', serial: '', handbook: null, projectId: null, … };
 */
export type FormValues<S extends z.ZodType> = { [K in keyof z.output<S>]-?: DraftValue<Exclude<z.output<S>[K], undefined>> };

/**
 * Form values filled from a record (an info answer): each field of `initial` taken from the record
 * when it has it (not null or undefined), else its initial value. Fields the form does not hold are
 * left out, so they are not sent back on save.
 */
export function pickFormValues<Values extends Record<string, unknown>>(source: object, initial: Values): Values {
  const record: Record<string, unknown> = { ...source };
  const picked: Record<string, unknown> = {};
  for (const key of Object.keys(initial)) picked[key] = record[key] ?? initial[key];
  // Each key of `initial` is set, from the record or from `initial` itself.
  return picked as Values;
}
