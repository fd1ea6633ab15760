import { describe } from 'vitest';
import type { StartServer } from '../server-under-test.js';
import { bruteForceSuite } from './brute-force-suite.js';
import { enumerationSuite } from './enumeration-suite.js';
import { inputAbuseSuite } from './input-abuse-suite.js';
import { responsesSuite } from './responses-suite.js';
import { sessionSuite } from './session-suite.js';

/**
 * The security suite, organised by threat (each `describe` names the one it covers). Token forgery,
 * type confusion and expiry are in the HTTP suite's token part; this adds the rest of OWASP ASVS
 * V6–V9 as Gatehouse covers them. Run against every adapter and store like the HTTP suite.
 */
export function describeSecuritySuite(name: string, start: StartServer): void {
  describe(name, () => {
    bruteForceSuite(start);
    enumerationSuite(start);
    sessionSuite(start);
    inputAbuseSuite(start);
    responsesSuite(start);
  });
}
