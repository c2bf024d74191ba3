import type { QueryKey } from '@tanstack/react-query';
import { RESOURCES, type ResourceKey } from '@shared/resources';

/**
 * The query keys of one resource. The root is the resource's API path (e.g. '/ball/fallorder', the
 * path the resource registry records for it), so every key of the resource starts with it: a save,
 * a delete or a push event invalidates `keys.all` and every list page, record, picker option and
 * count of the resource refetches. Nothing of the resource is keyed otherwise.
 */
export function resourceKeys<const Path extends string>(path: Path) {
  return {
    /** The root: invalidate this after a write. */
    all: [path] as const,
    /** A list page's query model (the page itself is added by the table: `{ page, pageSize }`). */
    list: (query: Record<string, unknown>) => [path, 'list', query] as const,
    /** Everything of the resource without paging (listAll), with what narrows it. */
    listAll: (...narrowing: unknown[]) => [path, 'listAll', ...narrowing] as const,
    info: (id: unknown) => [path, 'info', id] as const,
    /** A picker's options, with what narrows them (project, language, search). */
    options: (...narrowing: unknown[]) => [path, 'options', ...narrowing] as const,
    /** Any other view of the resource: `[path, name, ...args]`. */
    view: (name: string, ...args: unknown[]) => [path, name, ...args] as const,
  };
}

export type ResourceKeys = ReturnType<typeof resourceKeys>;

/** Registry keys of the resources that have an API path (the ones whose data a client caches). */
export type ResourceWithApi = { [K in ResourceKey]: (typeof RESOURCES)[K]['api'] extends string ? K : never }[ResourceKey];

/**
 * The query keys of a registry resource, rooted at the API path the registry records for it: the
 * live topics of its `refreshOn` (lib/live.ts) and the invalidation after its writes reach every
 * key made here, and a misspelled resource fails the typecheck.
 */
export function keysOf<K extends ResourceWithApi>(key: K) {
  return resourceKeys(RESOURCES[key].api as (typeof RESOURCES)[K]['api'] & string);
}

/**
 * Whether a cached query's key starts with `prefix`: a resource's API path (its root, key[0]) or a
 * longer prefix array, compared element by element — never by a word the key merely contains.
 */
export const isKeyOf = (prefix: string | QueryKey, key: QueryKey): boolean => {
  const parts = typeof prefix === 'string' ? [prefix] : prefix;
  return parts.length > 0 && parts.length <= key.length && parts.every((p, i) => Object.is(p, key[i]));
};
