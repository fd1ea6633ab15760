export { describeHttpSuite } from './http-suite.js';
export { SUITE_SECRETS } from './server-under-test.js';
export type { ServerUnderTest, StartServer, CaughtMessage } from './server-under-test.js';
export { createClient, newUser, tokenFromLink } from './http-client.js';
export { rawRequest } from './raw-request.js';
export type { RawResponse } from './raw-request.js';
export type { Api, ApiResponse, ApiRequest } from './http-client.js';
export { forgeToken, unsecuredToken, tamperPayload, decodeClaims, decodeHeader } from './forge-token.js';
export { describeSecuritySuite } from './security/security-suite.js';
