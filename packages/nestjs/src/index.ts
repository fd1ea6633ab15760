export { GatehouseModule } from './gatehouse-module.js';
export type { GatehouseModuleAsyncOptions } from './gatehouse-module.js';
export { gatehouseFastifyOptions } from './fastify-options.js';
export type { GatehouseFastifyOptions } from './fastify-options.js';
export { GatehouseGuard } from './gatehouse-guard.js';
export { GatehouseExceptionFilter } from './exception-filter.js';
export { Public, Roles, AllRoles, rolesOf, UnconfirmedAllowed, CurrentUser } from './decorators.js';
export { GATEHOUSE_OPTIONS, GATEHOUSE_KERNEL } from './module-options.js';
export type { GatehouseModuleOptions } from './module-options.js';
