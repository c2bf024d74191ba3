import { z } from 'zod';

/** The keys of T whose value may be null. */
type NullableKeys<T> = { [K in keyof T]-?: null extends T[K] ? K : never }[keyof T];
/** A fixture row as written: every field its contract requires, and only the nullable fields it cares about. */
export type FixtureInput<T> = Omit<T, NullableKeys<T>> & Partial<Pick<T, NullableKeys<T>>>;

/**
 * A mock row built from its row contract (src/shared/contracts): a nullable field the fixture
 * leaves out is null, and the row is parsed by the contract as the module loads, so a fixture the
 * contract refuses fails every client test at once. A new nullable field of a resource needs no
 * edit in the mocks; a new required one fails the typecheck here until the fixture names it.
 */
export function fixtureOf<S extends z.ZodObject>(schema: S, values: FixtureInput<z.output<S>>): z.output<S> {
  const given = values as Record<string, unknown>;
  const filled = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => [key, Object.hasOwn(given, key) ? given[key] : (field as z.ZodType).safeParse(null).success ? null : undefined]),
  );
  return schema.parse(filled);
}

/** Several rows of one contract. */
export const fixturesOf = <S extends z.ZodObject>(schema: S, rows: FixtureInput<z.output<S>>[]): z.output<S>[] => rows.map((r) => fixtureOf(schema, r));
