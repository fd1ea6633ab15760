export { createFetchHandler } from './fetch-handler.js';
export type { FetchHandler, FetchHandlerOptions } from './fetch-handler.js';
export type { RequestFacts } from './fetch-exchange.js';
export type { AppRoute, AppRouteContext } from './app-route.js';
export { jsonResponse } from './json-response.js';
