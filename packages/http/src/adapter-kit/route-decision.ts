import type { Access } from '../kernel/admission.js';
import { isGuardMarker, readsFormBody, routeAccess } from '../guard/route-guard.js';

/** What an adapter's deny-by-default guard does with a request whose routes it found. */
export interface RouteDecision {
  /** Who may call: anyone, a valid token, or a valid token of an unconfirmed account too. */
  readonly access: Access;
  /** `none` when the routes read a form body themselves (a form_post callback), else the JSON rules. */
  readonly body: 'json' | 'none';
}

// One frozen decision per outcome, so a guard allocates nothing to say what it decided.
const decisionsFor = (access: Access) => ({
  json: Object.freeze({ access, body: 'json' as const }),
  none: Object.freeze({ access, body: 'none' as const }),
});
const DECISIONS: Readonly<Record<Access, Readonly<Record<RouteDecision['body'], RouteDecision>>>> = {
  public: decisionsFor('public'),
  protected: decisionsFor('protected'),
  'unconfirmed-allowed': decisionsFor('unconfirmed-allowed'),
};

/**
 * Deny by default, from the handler lists of the routes that match a request (one list per
 * declaration: `get(path, ...handlers)`): `undefined` when none does (the request is someone
 * else's, e.g. the JSON 404), public only when every declaration carries the public marker and no
 * role requirement (`routeAccess`). Another guard among them (a guarded router mounted inside)
 * is not a route: it judges its own routes again.
 *
 * @example
 * routeDecision([[publicRoute, health]]); // { access: 'public', body: 'json' }
 * routeDecision([]);                      // undefined
 */
export function routeDecision(declarations: Iterable<readonly unknown[]>): RouteDecision | undefined {
  const routes: unknown[][] = [];
  for (const handlers of declarations) {
    const own = handlers.filter((handler) => !isGuardMarker(handler));
    if (own.length > 0) routes.push(own);
  }
  const access = routeAccess(routes);
  return access === 'unmatched' ? undefined : DECISIONS[access][readsFormBody(routes) ? 'none' : 'json'];
}
