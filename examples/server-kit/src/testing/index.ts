export { startForSuite } from './start-for-suite.js';
export { describeExamplePages } from './example-pages-suite.js';
export { describeExampleRoutes } from './example-routes-suite.js';
export { describeResilience } from './resilience-suite.js';
export { startPrivatePostgres, startPrivateRedis, canStartPrivateServices, freePort } from './private-services.js';
export type { PrivatePostgres, PrivateRedis } from './private-services.js';
export { describeSocialSignInSuite } from './social/social-suite.js';
export { describeSteamSignInSuite } from './social/steam-suite.js';
export { describeIdTokenThreatsSuite } from './social/id-token-suite.js';
