import { describe } from 'vitest';
import { recoverySuite } from './recovery-suite.js';
import { registrationSuite } from './registration-suite.js';
import { requestRulesSuite } from './request-rules-suite.js';
import { resourceSuite } from './resource-suite.js';
import type { StartServer } from './server-under-test.js';
import { tokenSuite } from './token-suite.js';

/**
 * The HTTP suite of Gatehouse: every row of CONTRACT §1, §2 and §7 over real HTTP. Written once and
 * run against every adapter and store: `start` builds the server under test.
 *
 * @example
 * describeHttpSuite('express + memory', (env) => startExample({ ...env, DATABASE_URL: 'memory:' }));
 */
export function describeHttpSuite(name: string, start: StartServer): void {
  describe(name, () => {
    registrationSuite(start);
    tokenSuite(start);
    recoverySuite(start);
    resourceSuite(start);
    requestRulesSuite(start);
  });
}
