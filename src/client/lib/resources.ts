import { RESOURCES, resourceOfPermission, type PermissionCode, type ResourceKey } from '@shared/resources';
import type { ResourceWithApi } from './resource-keys';

/**
 * The resource registry (src/shared/resources.ts) as the screens read it: a screen names its
 * resource by registry key and takes its API path and permission codes from here, so no screen
 * writes a path or a code by hand (screen-literals.test.ts counts them) and a misspelt key or
 * button fails the typecheck.
 */

type Registry = typeof RESOURCES;
/** The buttons (actions) a resource's menu declares: `update` for `order`, `kickout` for `online`. */
export type ButtonOf<K extends ResourceKey> = Extract<keyof Registry[K]['buttons'], string>;

/** A resource's API path, with more segments after it: `apiPath('card', 'sort')` → '/ship/cards/sort'. */
export function apiPath(key: ResourceWithApi, ...segments: (string | number)[]): string {
  return [RESOURCES[key].api, ...segments].join('/');
}

/** The permission code of one of a resource's buttons: `permissionOf('order', 'accept')` → 'fall-order#accept'. */
export function permissionOf<K extends ResourceKey>(key: K, action: ButtonOf<K>): PermissionCode {
  // The template is one of PermissionCode's members by its construction; TypeScript cannot follow the generic key.
  return `${RESOURCES[key].code}#${action}` as PermissionCode;
}

/** The buttons of a list screen (ListPage, ReadOnlyList); one the resource does not declare is absent. */
export interface ListPagePerms {
  list?: PermissionCode;
  save?: PermissionCode;
  update?: PermissionCode;
  delete?: PermissionCode;
  export?: PermissionCode;
  /** Showing and restoring archived rows: only resources that archive declare it. */
  restore?: PermissionCode;
}

const LIST_ACTIONS = ['list', 'save', 'update', 'delete', 'export', 'restore'] as const;

/**
 * The permission codes of a resource's list screen, read from the buttons the registry declares for
 * it (and grants to roles). A resource served under another's menu (warnings under the detection
 * boards) lists under that menu's list code and offers no other button of its own.
 */
export function crudPerms(key: ResourceWithApi): ListPagePerms {
  const resource = RESOURCES[key];
  if (resource.menu === null) {
    const owner = resourceOfPermission(resource.code);
    return owner && 'list' in owner.buttons ? { list: `${resource.code}#list` as PermissionCode } : {};
  }
  const buttons: Readonly<Record<string, unknown>> = resource.buttons;
  return Object.fromEntries(LIST_ACTIONS.filter((action) => Object.hasOwn(buttons, action)).map((action) => [action, `${resource.code}#${action}`])) as ListPagePerms;
}
