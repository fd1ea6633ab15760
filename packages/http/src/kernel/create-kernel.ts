import type { Auth } from '@gatehousejs/core';
import type { AuthPages } from '../pages/auth-pages.js';
import type { Route, RouteResult } from '../routes/route.js';
import {
  createAdmission,
  JSON_TYPE,
  UNKNOWN_PEER_WARNING,
  type Access,
  type Admission,
  type AdmissionOptions,
  type Admitted,
} from './admission.js';
import type { Answer, Exchange } from './exchange.js';
import { LazyRouteInput } from './lazy-route-input.js';
import type { RouteTable } from './route-table.js';
import { routeRule, type RouteRule } from './route-rule.js';

export interface KernelOptions extends AdmissionOptions {
  /** Answers a browser that follows the mail's confirmation link with a page; API clients keep JSON. */
  pages?: AuthPages | undefined;
}

export type { Access, Admitted };
export { UNKNOWN_PEER_WARNING };

/**
 * The framework-neutral HTTP kernel: admit → guard → dispatch → answer, over the `Exchange` port.
 * Deny by default, roles, the body rules (413, 415, 400), the client's address through trusted
 * proxies, request ids and the error catalogue live here once; an adapter only translates.
 */
export interface Kernel extends Admission {
  readonly auth: Auth<string>;
  /**
   * Serves `exchange` with the route of `table` that matches its method and path, resolving to what
   * `send` returned; `undefined` (synchronously) when no route matches, so the adapter passes the
   * request on. Rejects with the error to answer (see `answerError`), which an adapter hands to its
   * framework's error pipeline.
   */
  dispatch<R>(table: RouteTable, exchange: Exchange<R>): Promise<R> | undefined;
  /** Serves one route (the framework routed the request: `exchange.params` holds its parameters). */
  serve<R>(route: Route, exchange: Exchange<R>): Promise<R>;
}

// Each table route's rule, compiled on its first request (the tables are frozen module constants).
const rules = new WeakMap<Route, RouteRule>();
function ruleOf(route: Route): RouteRule {
  let rule = rules.get(route);
  if (!rule) {
    rule = routeRule({ public: route.access === 'public', unconfirmedAllowed: route.allowsUnconfirmed, roles: route.roles });
    rules.set(route, rule);
  }
  return rule;
}

/** The route's result as the answer to write: JSON serialised with its type, or the page as it is. */
function toAnswer(result: RouteResult): Answer {
  // Built without spreading: this runs on every answer, and spreads of small objects are not free.
  const headers: Record<string, string> = result.headers ? { ...result.headers } : {};
  let body: string | undefined;
  if (result.html !== undefined) body = result.html;
  else if (result.body !== undefined) {
    headers['Content-Type'] = JSON_TYPE;
    body = JSON.stringify(result.body);
  }
  const answer: Answer = { status: result.status, headers, body };
  if (result.cookies) answer.cookies = result.cookies;
  return answer;
}

/**
 * Builds the kernel an adapter binds to. The options are parsed here, once: a wrong proxy address
 * fails at start.
 *
 * @example
 * const kernel = createKernel(auth, { trustedProxies: 'loopback' });
 * const table = routeTable(AUTH_ROUTES);
 * // in the framework's handler, with `exchange` the translation of its request:
 * const pending = kernel.dispatch(table, exchange);
 * if (!pending) return next();
 * pending.catch(next);
 */
export function createKernel(auth: Auth<string>, options: KernelOptions = {}): Kernel {
  const admission = createAdmission(auth, options);
  const { admitRoute, client } = admission;

  // `params`: the table's match; a route the framework matched reads `exchange.params` only if it asks.
  const serve = async <R>(route: Route, exchange: Exchange<R>, params?: Record<string, string>): Promise<R> => {
    const { user, body } = await admitRoute(exchange, ruleOf(route), route.body ?? 'json');
    const result = await route.handle(auth, new LazyRouteInput(exchange, route, client, params, user, body, options.pages));
    return exchange.send(toAnswer(result));
  };

  return {
    ...admission,
    auth,
    dispatch(table, exchange) {
      let found: ReturnType<RouteTable['match']>;
      try {
        found = table.match(exchange.method, exchange.path);
      } catch (error) {
        return Promise.reject(error);
      }
      return found ? serve(found.route, exchange, found.params) : undefined;
    },
    serve: (route, exchange) => serve(route, exchange),
  };
}
