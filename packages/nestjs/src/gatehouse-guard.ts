import { routeRule, type Admission } from '@gatehousejs/http/adapter';
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
    @Inject(GATEHOUSE_KERNEL) private readonly kernel: Admission,
    @Inject(Reflector) private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const read = <T>(key: string) => this.reflector.getAllAndOverride<T | undefined>(key, targets);
    const rule = routeRule({
      public: read<boolean>(PUBLIC_KEY),
      unconfirmedAllowed: read<boolean>(UNCONFIRMED_KEY),
      roles: read<string[]>(ROLES_KEY),
      allRoles: read<string[]>(ALL_ROLES_KEY),
    });
    // The guard reads HTTP requests only: a handler of another transport (a gateway, a
    // microservice) is denied unless it is public, never let through unchecked.
    if (context.getType() !== 'http') return rule.access === 'public';

    const request = context.switchToHttp().getRequest<{ user?: unknown; body?: unknown }>();
    const { user, body } = await this.kernel.admitRoute(platformRequest(request), rule);
    request.user = user;
    request.body = body;
    return true;
  }
}
