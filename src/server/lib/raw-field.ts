/**
 * A field of a request part no route schema has typed for the reader: a hook that runs for every
 * route (auth, the operation log) or before validation (a preValidation hook). The value is
 * unknown until the caller checks it; a handler never needs this, its route schema types the part.
 */
export function rawField(part: unknown, key: string): unknown {
  return typeof part === 'object' && part !== null && Object.hasOwn(part, key) ? Reflect.get(part, key) : undefined;
}
