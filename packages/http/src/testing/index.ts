/**
 * The HTTP and security suites of Gatehouse, for any adapter to run on its own test app (the model
 * is Lucia's `testAdapter(adapter)`): give a `HttpSuiteTarget` that builds your app around the
 * `Auth` the suite configures for each `describe`, and a store; the suite drives the app through
 * its `fetch` in-process or its `baseUrl` over HTTP, and reads mails from an in-memory mailer.
 * No environment variables, no example server. See docs/testing.md.
 *
 * @example
 * import { describeHttpSuite, describeSecuritySuite, SUITE_PROBES, type HttpSuiteTarget } from '@gatehousejs/http/testing';
 *
 * const target: HttpSuiteTarget = {
 *   openStorage: () => {
 *     const store = createMemoryStore();
 *     return { store, close: () => store.close() };
 *   },
 *   createApp: ({ auth, corsOrigins, trustedProxyHops }) => {
 *     // auth routes at /api/v1/auth, user routes at /api/v1, the two SUITE_PROBES, CORS, 404, errors
 *     const app = myTestApp(auth, { corsOrigins, trustedProxyHops });
 *     return { fetch: (request) => app.fetch(request) };
 *   },
 * };
 * describeHttpSuite('my adapter on the in-memory store', target);
 * describeSecuritySuite('security of my adapter on the in-memory store', target);
 *
 * @packageDocumentation
 */
export { describeHttpSuite } from './http-suite.js';
export { describeSecuritySuite, describeLockoutSuite } from './security/security-suite.js';
export { SUITE_SECRETS, SUITE_PROBES } from './server-under-test.js';
export type {
  HttpSuiteTarget,
  SuiteAppParts,
  AppUnderTest,
  SuiteStorage,
  ServerUnderTest,
  StartServer,
  SuiteServerOptions,
  SuiteConfig,
  CaughtMessage,
} from './server-under-test.js';
export { createCapturingMailer } from './capturing-mailer.js';
export type { CapturingMailer } from './capturing-mailer.js';
export { createClient, newUser, tokenFromLink } from './http-client.js';
export type { Api, ApiResponse, ApiRequest, SendRequest } from './http-client.js';
export { rawRequest } from './raw-request.js';
export type { RawResponse } from './raw-request.js';
export { forgeToken, unsecuredToken, tamperPayload, decodeClaims, decodeHeader } from './forge-token.js';
export { totpNow } from './totp-for-tests.js';
export { memoryExchange } from '../kernel/memory-exchange.js';
export type { MemoryRequest } from '../kernel/memory-exchange.js';
export { describeAdapterSuite, ADAPTER_PROBES, HELPER_PROBES } from './adapter-suite.js';
export { loopbackFetch } from './loopback-fetch.js';
export type { AdapterSuiteTarget, AdapterApp } from './adapter-suite.js';
