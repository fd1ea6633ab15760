import { allOf, anyOf, AuthError, type RoleRequirement } from '@gatehousejs/core';
import type { Access, Kernel } from '@gatehousejs/http';
import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ALL_ROLES_KEY, PUBLIC_KEY, ROLES_KEY, UNCONFIRMED_KEY } from './decorators.js';
import { GATEHOUSE_KERNEL } from './module-options.js';
import { platformRequest } from './platform-request.js';

/**
 * The global guard the module installs (`APP_GUARD`): deny by default. Every route of the app needs
 * a valid access token (401) unless it is `@Public()`; `@Roles(...)` (any) and `@AllRoles(...)`
 * (all) add the role check (403); then
 * the contract's body rules (413, 415, 400), and the body they admit becomes `request.body` (what
 * `@Body()` reads). The verified payload is `request.user` (what `@CurrentUser()` reads). Handlers
 * of other transports (WebSocket gateways, microservices) are denied unless `@Public()`.
 */
@Injectable()
export class GatehouseGuard implements CanActivate {
  // Explicit tokens: the guard works where no decorator metadata is emitted (esbuild, swc without it).
  constructor(
    @Inject(GATEHOUSE_KERNEL) private readonly kernel: Kernel,
    @Inject(Reflector) private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const anyRoles = this.reflector.getAllAndOverride<string[] | undefined>(ROLES_KEY, targets);
    const allRoles = this.reflector.getAllAndOverride<string[] | undefined>(ALL_ROLES_KEY, targets);
    const roles: RoleRequirement<string>[] = [];
    if (anyRoles) roles.push(anyOf<string>(...anyRoles));
    if (allRoles) roles.push(allOf<string>(...allRoles));
    const isPublic = this.reflector.getAllAndOverride<boolean | undefined>(PUBLIC_KEY, targets) === true;
    // The guard reads HTTP requests only: a handler of another transport (a gateway, a
    // microservice) is denied unless it is public, never let through unchecked.
    if (context.getType() !== 'http') return isPublic && roles.length === 0;
    const unconfirmed = this.reflector.getAllAndOverride<boolean | undefined>(UNCONFIRMED_KEY, targets) === true;
    // Fail closed: a public route that names roles still needs the token the role check reads.
    const access: Access = roles.length > 0 ? 'protected' : isPublic ? 'public' : unconfirmed ? 'unconfirmed-allowed' : 'protected';

    const request = context.switchToHttp().getRequest<{ user?: unknown; body?: unknown }>();
    const { user, body } = await this.kernel.admit(platformRequest(request), access);
    for (const requirement of roles) {
      if (!this.kernel.auth.roles.satisfies(user?.roles ?? [], requirement)) throw new AuthError('INSUFFICIENT_ROLE');
    }
    request.user = user;
    request.body = body;
    return true;
  }
}
