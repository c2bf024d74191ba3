import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ID_MAX, LOG_PURGE_MIN_DAYS } from '../constants';
import { idListSchema, idParamSchema, idSchema, instantSchema, pagingSchema, refIdSchema, requiredString, optionalString } from './common';
import { purgeSchema } from './logs';
import { filterDate, intField, numberField, refId, requiredDate, textField } from './work-fields';

const ok = (schema: z.ZodType, v: unknown) => schema.safeParse(v).success;

describe('ids are read strictly (docs/decisions.md "Bad input")', () => {
  it('a body id is a positive whole number and nothing that coerces to one', () => {
    expect(idSchema().parse(101)).toBe(101);
    for (const bad of ['101', ' 101 ', [101], [[101]], true, 0, -1, 1.5, ID_MAX + 1, null, '1e2', NaN]) expect(ok(idSchema(), bad), JSON.stringify(bad)).toBe(false);
    expect(idListSchema.parse([1, 2])).toEqual([1, 2]);
    for (const bad of [[[101]], ['101'], [' 101 '], [true], [], 101, '101']) expect(ok(idListSchema, bad), JSON.stringify(bad)).toBe(false);
  });

  it('a path or query id is canonical digits: no sign, space, exponent, fraction or leading zero', () => {
    expect(idParamSchema.parse({ id: '101' })).toEqual({ id: 101 });
    for (const bad of ['1e2', ' 1', '1 ', '01', '0', '-1', '+1', '1.0', '0x10', '', 'abc', String(ID_MAX + 1), '99999999999999999999', '__proto__']) {
      expect(ok(idParamSchema, { id: bad }), bad).toBe(false);
    }
  });

  it('a reference from a form may be a number or its canonical digits, never a boolean or array', () => {
    expect(refIdSchema().parse(5)).toBe(5);
    expect(refIdSchema().parse('5')).toBe(5);
    for (const bad of [true, [5], [[5]], ' 5', '05', '5e0', 0, -5]) expect(ok(refIdSchema(), bad), JSON.stringify(bad)).toBe(false);
    const missing = z.strictObject({ projectId: refId() }).safeParse({});
    expect(missing.error?.issues[0].message).toBe('v.required');
    const wrong = z.strictObject({ projectId: refId() }).safeParse({ projectId: [[1]] });
    expect(wrong.error?.issues[0].message).toBe('v.required');
  });

  it('paging numbers do not coerce either', () => {
    expect(pagingSchema.parse({})).toMatchObject({ page: 1, limit: 10 });
    for (const bad of [{ page: '2' }, { page: [2] }, { limit: true }, { page: 0 }]) expect(ok(pagingSchema, bad), JSON.stringify(bad)).toBe(false);
  });

  it('numbers of a form take text digits but not booleans or arrays', () => {
    expect(numberField(0, 10).parse('2.5')).toBe(2.5);
    expect(intField(1, 9).parse(3)).toBe(3);
    for (const bad of [true, [3], [[3]], '', 'x', 1.5]) expect(ok(intField(1, 9), bad), JSON.stringify(bad)).toBe(false);
  });
});

describe('strings refuse NUL', () => {
  it('in every shared text helper', () => {
    for (const schema of [requiredString(), optionalString(), textField(10)]) {
      expect(ok(schema, 'a\u0000b')).toBe(false);
      expect(ok(schema, 'ab')).toBe(true);
    }
    expect(requiredString().safeParse('\u0000x').error?.issues[0].message).toBe('v.nul');
  });
});

describe('dates are range-checked and must exist', () => {
  it('refuses years outside 1900..9999 and calendar dates that do not exist', () => {
    expect(instantSchema().parse('2026-05-01T10:00:00Z')).toEqual(new Date('2026-05-01T10:00:00Z'));
    expect(instantSchema().parse(0)).toEqual(new Date(0));
    for (const bad of ['-271821-04-20T00:00:00Z', '+275760-09-13T00:00:00Z', '1899-12-31T00:00:00Z', '2026-13-45', '2026-02-30', 'yesterday', true, [1], 8.64e15 + 1]) {
      expect(ok(instantSchema(), bad), JSON.stringify(bad)).toBe(false);
    }
    expect(instantSchema().safeParse('-271821-04-20T00:00:00Z').error?.issues[0].message).toBe('v.dateRange');
    for (const schema of [requiredDate(), filterDate()]) {
      expect(ok(schema, '-271821-04-20T00:00:00Z')).toBe(false);
      expect(ok(schema, '2026-05-01')).toBe(true);
    }
  });
});

describe('purges keep a floor', () => {
  it('needs an explicit whole number of days of at least LOG_PURGE_MIN_DAYS', () => {
    expect(purgeSchema.parse({ beforeDays: LOG_PURGE_MIN_DAYS })).toEqual({ beforeDays: LOG_PURGE_MIN_DAYS });
    for (const bad of [{}, { beforeDays: null }, { beforeDays: 0 }, { beforeDays: -1 }, { beforeDays: LOG_PURGE_MIN_DAYS - 1 }, { beforeDays: '30' }, { beforeDays: [30] }, { beforeDays: 1.5 }]) {
      const r = purgeSchema.safeParse(bad);
      expect(r.success, JSON.stringify(bad)).toBe(false);
      expect(r.error?.issues[0].path).toEqual(['beforeDays']);
    }
  });
});
