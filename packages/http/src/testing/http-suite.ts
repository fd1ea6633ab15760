import { describe } from 'vitest';
import { accountSuite } from './account-suite.js';
import { mfaSuite } from './mfa-suite.js';
import { cookieModeOnRequestSuite } from './cookie-mode-on-request-suite.js';
import { cookieSessionSuite } from './cookie-session-suite.js';
import { jwksSuite } from './jwks-suite.js';
import { paritySuite } from './parity-suite.js';
import { passkeySuite } from './passkey-suite.js';
import { recoverySuite } from './recovery-suite.js';
import { registrationSuite } from './registration-suite.js';
import { requestRulesSuite } from './request-rules-suite.js';
import { resourceSuite } from './resource-suite.js';
import type { HttpSuiteTarget } from './server-under-test.js';
import { startFromTarget } from './start-from-target.js';
import { tokenSuite } from './token-suite.js';
import { userRoutesSuite } from './user-routes-suite.js';

/**
 * The HTTP suite of Gatehouse: every row of CONTRACT §1, §2 and §8's user routes over HTTP, the
 * adapter's guard markers, and the edges where adapters drift apart (parity-suite.ts). Written once
 * and run by every adapter on its own test app: a behaviour difference is a failing test.
 *
 * Each `describe` of the suite starts its own app: the suite builds an `Auth` with that describe's
 * settings on a fresh store from `target.openStorage()`, a capturing mailer and a bootstrap `super`
 * user, and `target.createApp` mounts the adapter's routes around it.
 *
 * @example
 * describeHttpSuite('Hono on the in-memory store', {
 *   openStorage: () => { const store = createMemoryStore(); return { store, close: () => store.close() }; },
 *   createApp: ({ auth, corsOrigins, trustedProxyHops }) => {
 *     const app = buildTestApp(auth, { corsOrigins, trustedProxyHops });
 *     return { fetch: (request) => app.fetch(request) };
 *   },
 * });
 */
export function describeHttpSuite(name: string, target: HttpSuiteTarget): void {
  const start = startFromTarget(target);
  if (target.skipReason) console.warn(target.skipReason);
  describe.skipIf(Boolean(target.skipReason))(name, () => {
    registrationSuite(start);
    tokenSuite(start);
    recoverySuite(start);
    resourceSuite(start);
    userRoutesSuite(start);
    accountSuite(start);
    requestRulesSuite(start);
    paritySuite(start);
    mfaSuite(start);
    passkeySuite(start);
    jwksSuite(start);
    cookieSessionSuite(start);
    cookieModeOnRequestSuite(start);
  });
}
