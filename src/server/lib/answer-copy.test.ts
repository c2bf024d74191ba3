import { describe, expect, it } from 'vitest';
import { z, type ZodType } from 'zod';
import { instantText } from '@shared/contracts/common';
import { answerCopier, FITS_NOT, toWire } from './answer-copy';

/** What the answer check did before (and still does when a copy does not fit): toWire, then the contract's parse. */
function parsed(schema: ZodType, value: unknown): string | typeof FITS_NOT {
  const result = schema.safeParse(toWire(value));
  return result.success ? JSON.stringify(result.data) : FITS_NOT;
}

function copied(schema: ZodType, value: unknown): string | typeof FITS_NOT {
  try {
    return JSON.stringify(answerCopier(schema)(value));
  } catch (error) {
    if (error === FITS_NOT) return FITS_NOT;
    throw error;
  }
}

const row = z.object({
  id: z.number().int().min(1),
  name: z.string().max(5),
  at: instantText(),
  done: instantText().nullable(),
  note: z.string().optional(),
  state: z.enum(['open', 'closed']),
  kind: z.literal('order'),
  tags: z.array(z.number()).max(2),
  extra: z.unknown(),
});
const good = { id: 1, name: 'pump', at: new Date('2026-11-28T07:29:36.318Z'), done: null, state: 'open', kind: 'order', tags: [1], extra: { when: new Date(0) } };

class Box {
  constructor(readonly id: number) {}
  toJSON() {
    return { id: this.id + 1 };
  }
}

/** Each value against `row`: the copy must give what the old check gave, or refuse when it refused. */
const CASES: [string, unknown][] = [
  ['a good row', good],
  ['a field the contract does not name is left out', { ...good, secret: 'x' }],
  ['an optional field given', { ...good, note: 'n' }],
  ['an optional field undefined', { ...good, note: undefined }],
  ['a date in a nullable instant', { ...good, done: new Date('2026-11-28T08:00:00Z') }],
  ['an invalid date', { ...good, at: new Date(NaN) }],
  ['an invalid date where null is allowed', { ...good, done: new Date(NaN) }],
  ['instant text as text', { ...good, at: '2026-11-28T07:29:36.318Z' }],
  ['text that is no instant', { ...good, at: 'yesterday' }],
  ['a string too long', { ...good, name: 'pumps!' }],
  ['a number that is no integer', { ...good, id: 1.5 }],
  ['a number under its minimum', { ...good, id: 0 }],
  ['NaN', { ...good, id: NaN }],
  ['Infinity', { ...good, id: Infinity }],
  ['a number as text', { ...good, id: '1' }],
  ['an enum value it lacks', { ...good, state: 'gone' }],
  ['a literal it is not', { ...good, kind: 'warning' }],
  ['an array too long', { ...good, tags: [1, 2, 3] }],
  ['an array element of the wrong type', { ...good, tags: ['1'] }],
  ['a missing field', { ...good, name: undefined }],
  ['null for a field that takes none', { ...good, name: null }],
  ['an array for the row', [good]],
  ['a value with toJSON for the row', new Box(1)],
  ['an inherited field is not the row own', Object.assign(Object.create({ name: 'pump' }), (({ name: _name, ...rest }) => rest)(good))],
  ['a field that is not enumerable', Object.defineProperty({ ...good }, 'note', { value: 'hidden', enumerable: false })],
  ['dates deep in an unknown field', { ...good, extra: [{ at: new Date(5) }, new Box(2)] }],
];

describe('answerCopier', () => {
  it.each(CASES)('%s: as toWire and the parse', (_name, value) => {
    expect(copied(row, value)).toEqual(parsed(row, value));
  });

  it('leaves to zod the parts it does not know, each on its own', () => {
    const schema = z.object({
      either: z.union([z.number(), z.string()]),
      map: z.record(z.string(), z.number()),
      strict: z.strictObject({ a: z.number() }),
      shown: z.string().transform((s) => s.toUpperCase()),
      checked: z.object({ a: z.number(), b: z.number() }).refine((o) => o.a < o.b),
    });
    const value = { either: 'x', map: { a: 1 }, strict: { a: 1 }, shown: 'ok', checked: { a: 1, b: 2 } };
    expect(copied(schema, value)).toBe(parsed(schema, value));
    expect(copied(schema, value)).toBe('{"either":"x","map":{"a":1},"strict":{"a":1},"shown":"OK","checked":{"a":1,"b":2}}');
    for (const wrong of [{ ...value, strict: { a: 1, b: 2 } }, { ...value, checked: { a: 2, b: 1 } }, { ...value, either: true }]) {
      expect(copied(schema, wrong)).toBe(FITS_NOT);
      expect(parsed(schema, wrong)).toBe(FITS_NOT);
    }
  });

  it('copies a contract that holds itself (a menu tree)', () => {
    const node: z.ZodType<{ name: string; list: unknown[] }> = z.object({
      name: z.string(),
      get list() {
        return z.array(node);
      },
    });
    const tree = { name: 'a', hidden: 1, list: [{ name: 'b', list: [{ name: 'c', list: [] }] }] };
    expect(copied(node, tree)).toBe(parsed(node, tree));
    expect(copied(node, { name: 'a', list: [{ name: 1, list: [] }] })).toBe(FITS_NOT);
  });
});
