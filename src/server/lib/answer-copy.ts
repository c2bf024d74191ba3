import { z, type ZodType } from 'zod';

/**
 * What an answer's contract lets through, copied in one walk: the value `toWire` + the contract's
 * `safeParse` give (lib/answers.ts), without their two copies of every row. Under the order list's
 * load those copies, and the per-field objects zod's parse makes, were ~100 KB of garbage and a
 * sixth of the server's CPU a request (docs/decisions.md "A list near a hand-written one").
 *
 * The copy checks what the contract checks and keeps what its parse would keep: an object's fields
 * in the contract's order, the fields it does not name left out; a value with `toJSON` (a Date)
 * turned into what JSON would carry before it is checked, as `toWire` does; a string, number or
 * array's own checks (a format, a range, a length) run by zod's own check code. A part of a
 * contract it does not know (a union, a transform, a refinement, a record…) is parsed by zod as
 * before, on its own. A value that does not fit throws FITS_NOT: the caller then parses the answer
 * the old way, which says what is wrong (and, under the tests, compares the two on every answer).
 */

/** Thrown when a value does not fit its contract (the caller falls back to zod for the issues). */
export const FITS_NOT = Symbol('the answer does not fit its contract');

/** The value as the contract's parse would give it (FITS_NOT thrown when it would refuse it). */
type Copier = (value: unknown) => unknown;

/** What a zod check does, as zod 4 runs it: issues pushed onto the payload. */
type Check = { _zod: { def: { check: string }; check: (payload: { value: unknown; issues: unknown[] }) => unknown } };
type Def = {
  type: string;
  checks?: Check[];
  check?: string;
  coerce?: boolean;
  catchall?: ZodType;
  shape?: Record<string, ZodType>;
  element?: ZodType;
  innerType?: ZodType;
};

const defOf = (schema: ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** A value as JSON.stringify would see it: toJSON applied (Dates become ISO text), recursively. */
export function toWire(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth > 64) return value;
  const withJson = value as { toJSON?: () => unknown };
  if (typeof withJson.toJSON === 'function') return toWire(withJson.toJSON(), depth + 1);
  if (Array.isArray(value)) return value.map((v) => toWire(v, depth + 1));
  const out: Record<string, unknown> = {};
  // for…in over the own keys rather than Object.entries, which made a [key, value] array for every
  // field of every row: a list answer's check threw away more than it sent.
  for (const k in value) if (Object.hasOwn(value, k)) out[k] = toWire((value as Record<string, unknown>)[k], depth + 1);
  return out;
}

/** `toWire` of one value, not of what it holds: a value with toJSON (a Date) as JSON would see it. */
function wire(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const withJson = value as { toJSON?: () => unknown };
  return typeof withJson.toJSON === 'function' ? wire(withJson.toJSON()) : value;
}

/** Runs checks that look at the value alone (none may change it); false when one of them objects. */
function checker(checks: Check[]): ((value: unknown) => boolean) | null {
  if (checks.some((c) => c._zod.def.check === 'overwrite')) return null;
  if (!checks.length) return () => true;
  const payload: { value: unknown; issues: unknown[] } = { value: undefined, issues: [] };
  return (value) => {
    payload.value = value;
    payload.issues.length = 0;
    for (const c of checks) {
      if (c._zod.check(payload) instanceof Promise) throw FITS_NOT;
      if (payload.issues.length) return false;
    }
    return true;
  };
}

/** The checks of a primitive's schema: its own (a string format is its own check) and those chained on. */
function checksOf(schema: ZodType, def: Def): Check[] {
  return [...(def.check ? [schema as unknown as Check] : []), ...(def.checks ?? [])];
}

const isOwnField = Object.prototype.propertyIsEnumerable;

/** Array checks that look at the length alone. */
const LENGTH_CHECKS = new Set(['min_length', 'max_length', 'length_equals']);

/** A part of the contract zod parses, as before. */
function byZod(schema: ZodType): Copier {
  return (value) => {
    const result = schema.safeParse(toWire(value));
    if (!result.success) throw FITS_NOT;
    return result.data;
  };
}

/**
 * Copiers made so far, by schema: a recursive contract (a menu tree: an object whose field holds
 * arrays of that object) reaches its own object again, and gets the copier being made.
 */
type Made = Map<ZodType, Copier>;

function compile(schema: ZodType, made: Made): Copier {
  const known = made.get(schema);
  if (known) return known;
  let copier: Copier | null = null;
  made.set(schema, (value) => copier!(value));
  copier = compileNew(schema, made);
  made.set(schema, copier);
  return copier;
}

function compileNew(schema: ZodType, made: Made): Copier {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean': {
      const check = def.coerce ? null : checker(checksOf(schema, def));
      if (!check) return byZod(schema);
      const type = def.type;
      return (value) => {
        const v = wire(value);
        if (typeof v !== type || (type === 'number' && !Number.isFinite(v)) || !check(v)) throw FITS_NOT;
        return v;
      };
    }
    case 'null':
      return (value) => {
        if (wire(value) !== null) throw FITS_NOT;
        return null;
      };
    case 'enum':
    case 'literal': {
      const values = (schema as unknown as { _zod: { values?: Set<unknown> } })._zod.values;
      const check = checker(def.checks ?? []);
      if (!values || !check) return byZod(schema);
      return (value) => {
        const v = wire(value);
        if (!values.has(v) || !check(v)) throw FITS_NOT;
        return v;
      };
    }
    case 'nullable': {
      const inner = compile(def.innerType!, made);
      return (value) => {
        const v = wire(value);
        return v === null ? null : inner(v);
      };
    }
    case 'optional': {
      const inner = compile(def.innerType!, made);
      return (value) => {
        const v = wire(value);
        return v === undefined ? undefined : inner(v);
      };
    }
    case 'array': {
      const checks = def.checks ?? [];
      if (!checks.every((c) => LENGTH_CHECKS.has(c._zod.def.check))) return byZod(schema);
      const check = checker(checks)!;
      const element = compile(def.element!, made);
      return (value) => {
        const v = wire(value);
        if (!Array.isArray(v) || !check(v)) throw FITS_NOT;
        const out = new Array(v.length);
        for (let i = 0; i < v.length; i++) out[i] = element(v[i]);
        return out;
      };
    }
    case 'object': {
      // Strict and loose objects, and refinements of the whole object: zod's.
      if (def.catchall || def.checks?.length) return byZod(schema);
      const fields = Object.entries(def.shape!).map(([key, field]) => ({ key, copy: compile(field, made) }));
      return (value) => {
        const v = wire(value);
        if (v === null || typeof v !== 'object' || Array.isArray(v)) throw FITS_NOT;
        const out: Record<string, unknown> = {};
        for (let i = 0; i < fields.length; i++) {
          const { key, copy } = fields[i];
          // Own enumerable fields only, as toWire copies them.
          const copied = copy(isOwnField.call(v, key) ? (v as Record<string, unknown>)[key] : undefined);
          if (copied !== undefined) out[key] = copied;
        }
        return out;
      };
    }
    case 'any':
    case 'unknown':
      return (value) => toWire(value);
    default:
      return byZod(schema);
  }
}

/** The contract's copier: what its parse would give for a value, or FITS_NOT thrown. */
export function answerCopier(schema: ZodType): (value: unknown) => unknown {
  if (!(schema instanceof z.ZodType)) throw new Error('answerCopier: a zod schema');
  return compile(schema, new Map());
}
