export { createDraining } from './draining.js';
export type { Draining } from './draining.js';
export { withApiHeaders, isApiPath } from './api-headers.js';
export type { ApiHeadersOptions } from './api-headers.js';
export { chooseRequestId, requestIdOf } from './request-id.js';
