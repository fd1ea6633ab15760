import { type AppParts, errorLog, examplePages } from '@gatehousejs/example-server-kit';
import { requestIdOf } from '@gatehousejs/http/node';
import { GatehouseModule } from '@gatehousejs/nestjs';
import { Module } from '@nestjs/common';
import { ResourceController } from './resource-controller.js';

/**
 * The root module of the example, around the kit's parts: the library's auth and user routes (the
 * module's), the example's own routes, one error filter. The request id, the security headers and
 * CORS are set on Node's response before Nest runs (`withApiHeaders` of `@gatehousejs/http/node`, mounted by the kit), once for every
 * framework: the module's own CORS stays off.
 */
export function appModule({ auth, log, http }: AppParts): new () => object {
  @Module({
    imports: [
      GatehouseModule.forRoot({
        auth,
        pages: examplePages,
        trustedProxies: http.trustedProxies,
        trustedProxyHops: http.trustedProxyHops,
        requestId: (_req, res) => requestIdOf(res),
        log: errorLog(log, undefined),
      }),
    ],
    controllers: [ResourceController],
  })
  class AppModule {}
  return AppModule;
}
