import { describe } from 'vitest';
import { paritySuite } from './parity-suite.js';
import { recoverySuite } from './recovery-suite.js';
import { registrationSuite } from './registration-suite.js';
import { requestRulesSuite } from './request-rules-suite.js';
import { resourceSuite } from './resource-suite.js';
import type { StartServer } from './server-under-test.js';
import { tokenSuite } from './token-suite.js';

/**
 * The HTTP suite of Gatehouse: every row of CONTRACT §1, §2 and §7 over real HTTP, and the edges
 * where adapters drift apart (parity-suite.ts). Written once and run against every adapter × store
 * pair: `start` builds the server under test, so a behaviour difference is a failing test.
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
    paritySuite(start);
  });
}
