import type { AccessTokenPayload, RequestContext } from '@gatehousejs/core';
import type { AuthPages } from '../pages/auth-pages.js';
import { queryFromSearchParams } from '../rules/query-params.js';
import type { Route, RouteInput } from '../routes/route.js';
import type { Exchange } from './exchange.js';

/**
 * What a route handler reads of the request, read when the handler asks: most routes use a few of
 * the headers, and each read costs the adapter a lookup (verify-token reads none). A class, so the
 * getters live once on its prototype: an object literal with getters is built slowly, per request.
 */
export class LazyRouteInput implements RouteInput {
  readonly method: string;
  #search: URLSearchParams | undefined;
  #query: Record<string, unknown> | undefined;
  #client: RequestContext | undefined;
  #params: Readonly<Record<string, string | undefined>> | undefined;

  constructor(
    private readonly exchange: Exchange<unknown>,
    private readonly route: Route,
    private readonly clientOf: (exchange: Exchange<unknown>) => RequestContext,
    /** The table's match, or `undefined` when the framework routed the request (then `exchange.params`, read if asked). */
    params: Readonly<Record<string, string | undefined>> | undefined,
    readonly user: AccessTokenPayload<string> | undefined,
    readonly body: unknown,
    readonly pages: AuthPages | undefined,
  ) {
    this.method = exchange.method;
    this.#params = params;
  }

  get params(): Readonly<Record<string, string | undefined>> {
    return (this.#params ??= this.exchange.params ?? {});
  }

  get query(): Record<string, unknown> {
    return (this.#query ??=
      this.exchange.query === '' ? (Object.create(null) as Record<string, unknown>) : queryFromSearchParams(this.#searchParams()));
  }
  get client(): RequestContext {
    return (this.#client ??= this.clientOf(this.exchange));
  }
  get accept(): string | undefined {
    return this.exchange.header('accept');
  }
  get cookie(): string | undefined {
    return this.exchange.header('cookie');
  }
  get origin(): string | undefined {
    return this.exchange.header('origin');
  }
  get fetchSite(): string | undefined {
    return this.exchange.header('sec-fetch-site');
  }
  get sessionMode(): string | undefined {
    return this.exchange.header('gatehouse-session');
  }
  get parameters(): URLSearchParams {
    return this.route.body === 'form' ? (this.body as URLSearchParams) : this.#searchParams();
  }

  #searchParams(): URLSearchParams {
    return (this.#search ??= new URLSearchParams(this.exchange.query));
  }
}
