/**
 * `@gatehousejs/core/internal`: what other `@gatehousejs` packages read from core and app code
 * does not call (today the request-body schemas that `@gatehousejs/http` turns into its OpenAPI
 * document). Not covered by semver: a minor release may change or remove any of it.
 *
 * @module
 */
export { REQUEST_SCHEMAS } from './validation/request-schemas.js';
export type { RequestSchemas } from './validation/request-schemas.js';
export { ACCOUNT_REQUEST_SCHEMAS } from './validation/account-inputs.js';
