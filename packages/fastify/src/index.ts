import './request-user.js';

export { gatehouse } from './plugin.js';
export type { GatehouseOptions } from './plugin.js';
export { errorHandler, notFound } from './error-handler.js';
export { gatehouseServerOptions } from './server-options.js';
