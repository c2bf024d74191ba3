import { describe, expect, it } from 'vitest';
import { and, eq, gte, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { fallOrder } from '../db/schema';
import { conditionShape, ShapeCache } from './query-shapes';

const dialect = new PgDialect();

describe('conditionShape', () => {
  it('tells a condition by its text, whatever its values, and gives them by placeholder', () => {
    const at = new Date('2026-11-01T00:00:00Z');
    const one = conditionShape(and(eq(fallOrder.status, 'submitted'), gte(fallOrder.submittedAt, at)))!;
    const two = conditionShape(and(eq(fallOrder.status, 'closed'), gte(fallOrder.submittedAt, new Date())))!;
    expect(one.text).toBe('("fall_order"."status" = $1 and "fall_order"."submitted_at" >= $2)');
    expect(two.text).toBe(one.text);
    // The values as the driver takes them (the column's own mapping applied).
    expect(one.values).toEqual({ p1: 'submitted', p2: at.toISOString() });
    // The template writes the same text, its placeholders numbered where the whole query puts them.
    const { sql: text, params } = dialect.sqlToQuery(sql`${fallOrder.id} > ${5} AND ${one.template()}`);
    expect(text).toBe('"fall_order"."id" > $1 AND ("fall_order"."status" = $2 and "fall_order"."submitted_at" >= $3)');
    expect(params.slice(1).map((p) => (p as { name: string }).name)).toEqual(['p1', 'p2']);
  });

  it('has an empty shape for no condition', () => {
    const none = conditionShape(undefined)!;
    expect([none.text, none.values, none.template()]).toEqual(['', {}, undefined]);
  });

  it('gives up on text its parameters do not account for', () => {
    expect(conditionShape(sql`${fallOrder.name} = '$1'`)).toBeNull();
    expect(conditionShape(sql`${fallOrder.name} = ${'x'} OR ${fallOrder.name} = '$2'`)).toBeNull();
    expect(conditionShape(sql`${fallOrder.id} = ${sql.placeholder('id')}`)).toBeNull();
  });
});

describe('ShapeCache', () => {
  it('builds once per key and drops the least recently used past its limit', () => {
    const cache = new ShapeCache<number>(2);
    let built = 0;
    const get = (key: string) => cache.get(key, () => ++built);
    expect([get('a'), get('b'), get('a')]).toEqual([1, 2, 1]);
    get('c'); // drops b, used least recently
    expect([get('a'), get('b')]).toEqual([1, 4]);
    expect(cache.size).toBe(2);
  });
});
