/**
 * Route access rules of spec §5, shared by the client router and anything else that decides access.
 *
 * Rules are written `name:args`:
 *   login                      the user must be logged in
 *   role:a|b                   any of the roles;  role:a|b,true  all of them
 *   can:x|y                    any of the permissions;  can:x|y,true  all of them
 * A permission may be written `role.permission`; `role.*` needs only the role. `prefix#` is a parent
 * permission that matches every permission starting with `prefix#`.
 */
export interface AccessState {
  roles: string[];
  can: string[];
  token?: string | null;
  login: boolean;
  /** User id 1 passes every check. */
  userId?: number | null;
}

export type AccessRule = string;

export function isSuper(state: AccessState): boolean {
  return state.userId === 1;
}

/** A granted permission matches a required one exactly, or as its parent `prefix#`. */
export function permissionMatches(granted: string, required: string): boolean {
  if (granted === required) return true;
  if (granted.endsWith('#') && required.startsWith(granted)) return true;
  if (required.endsWith('#') && granted.startsWith(required)) return true;
  return false;
}

export function hasPermission(state: AccessState, required: string): boolean {
  if (isSuper(state)) return true;
  // Permission codes never contain a dot, so a dot always separates `role.permission`.
  const dot = required.indexOf('.');
  if (dot > 0) {
    const role = required.slice(0, dot);
    const perm = required.slice(dot + 1);
    if (!state.roles.includes(role)) return false;
    return perm === '*' || state.can.some((g) => permissionMatches(g, perm));
  }
  return state.can.some((g) => permissionMatches(g, required));
}

export function hasRole(state: AccessState, role: string): boolean {
  return isSuper(state) || state.roles.includes(role);
}

function parseArgs(args: string): { items: string[]; all: boolean } {
  const [list, flag] = args.split(',');
  return { items: list.split('|').map((s) => s.trim()).filter(Boolean), all: flag?.trim() === 'true' };
}

export type RuleOutcome = 'pass' | 'login' | 'forbidden';

/** Evaluates one rule. A failed `login` rule means "go to login"; any other failure "go to 403". */
export function evaluateRule(state: AccessState, rule: AccessRule): RuleOutcome {
  const colon = rule.indexOf(':');
  const name = (colon < 0 ? rule : rule.slice(0, colon)).trim();
  const args = colon < 0 ? '' : rule.slice(colon + 1);
  switch (name) {
    case 'login':
      return state.login ? 'pass' : 'login';
    case 'role': {
      const { items, all } = parseArgs(args);
      const ok = all ? items.every((r) => hasRole(state, r)) : items.some((r) => hasRole(state, r));
      return ok ? 'pass' : 'forbidden';
    }
    case 'can': {
      const { items, all } = parseArgs(args);
      const ok = all ? items.every((p) => hasPermission(state, p)) : items.some((p) => hasPermission(state, p));
      return ok ? 'pass' : 'forbidden';
    }
    default:
      throw new Error(`Unknown access rule "${rule}"`);
  }
}

/** Checks rules one after another; the first failure decides where the user goes. */
export function evaluateRules(state: AccessState, rules: readonly AccessRule[] = []): RuleOutcome {
  for (const rule of rules) {
    const outcome = evaluateRule(state, rule);
    if (outcome !== 'pass') return outcome;
  }
  return 'pass';
}
