import { describe } from 'vitest';
import type { HttpSuiteTarget } from '../server-under-test.js';
import { startFromTarget } from '../start-from-target.js';
import { bootstrapSuite } from './bootstrap-suite.js';
import { bruteForceSuite } from './brute-force-suite.js';
import { enumerationSuite } from './enumeration-suite.js';
import { inputAbuseSuite } from './input-abuse-suite.js';
import { privilegeSuite } from './privilege-suite.js';
import { responsesSuite } from './responses-suite.js';
import { sessionSuite } from './session-suite.js';

/**
 * The security suite, organised by threat (each `describe` names the one it covers). Token forgery,
 * type confusion and expiry are in the HTTP suite's token part; this adds the rest of OWASP ASVS
 * V6–V9 as Gatehouse covers them. Run by every adapter on its test app like the HTTP suite, with
 * the same `target`.
 *
 * @example
 * describeSecuritySuite('Security of Hono on the in-memory store', target);
 */
export function describeSecuritySuite(name: string, target: HttpSuiteTarget): void {
  const start = startFromTarget(target);
  if (target.skipReason) console.warn(target.skipReason);
  describe.skipIf(Boolean(target.skipReason))(name, () => {
    bootstrapSuite(target);
    bruteForceSuite(start, target);
    enumerationSuite(start);
    sessionSuite(start);
    privilegeSuite(start);
    inputAbuseSuite(start);
    responsesSuite(start);
  });
}

/**
 * Only the lockout and flooding threats, for a target that changes where counts live (a Redis
 * limiter in its storage) without repeating the whole suite.
 *
 * @example
 * describeLockoutSuite('Hono, counts in Redis', honoTarget(redisBackedStorage));
 */
export function describeLockoutSuite(name: string, target: HttpSuiteTarget): void {
  const start = startFromTarget(target);
  if (target.skipReason) console.warn(target.skipReason);
  describe.skipIf(Boolean(target.skipReason))(name, () => bruteForceSuite(start, target));
}
