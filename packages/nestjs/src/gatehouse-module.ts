import { createAdmission, createKernel, isIssuer, type Admission } from '@gatehousejs/http/adapter';
import {
  type DynamicModule,
  Global,
  Inject,
  Logger,
  type InjectionToken,
  type MiddlewareConsumer,
  Module,
  type ModuleMetadata,
  type NestModule,
  type OptionalFactoryDependency,
  type Provider,
} from '@nestjs/common';
import { APP_FILTER, APP_GUARD, HttpAdapterHost } from '@nestjs/core';
import { GatehouseExceptionFilter } from './exception-filter.js';
import { leaveBodiesToGatehouse } from './fastify-body.js';
import { GatehouseGuard } from './gatehouse-guard.js';
import { libraryRoutes } from './library-routes.js';
import { GATEHOUSE_KERNEL, GATEHOUSE_OPTIONS, type GatehouseModuleOptions } from './module-options.js';

/** `GatehouseModule.forRootAsync`: the options from a factory, with what it injects (a config service, say). */
export interface GatehouseModuleAsyncOptions extends Pick<ModuleMetadata, 'imports'> {
  useFactory(...args: never[]): GatehouseModuleOptions | Promise<GatehouseModuleOptions>;
  inject?: (InjectionToken | OptionalFactoryDependency)[];
}

const EXPRESS_PARSER_WARNING =
  "Nest's JSON body parser runs before Gatehouse: a malformed or oversized body gets body-parser's answer, not the contract's " +
  '(400 BODY_MALFORMED, 413, 415). Create the app with NestFactory.create(AppModule, { bodyParser: false }); the guard reads bodies itself.';

// Express's adapter names the parsers it mounted (`isMiddlewareApplied('jsonParser')`).
const expressParsesBodies = (adapter: unknown): boolean =>
  (adapter as { isMiddlewareApplied?(name: string): boolean }).isMiddlewareApplied?.('jsonParser') === true;

const SHARED: Provider[] = [
  {
    provide: GATEHOUSE_KERNEL,
    // The options are parsed here, once: a wrong proxy address fails at start. A JWKS verifier
    // (a resource service) gets the guard's admission alone: it has no store to serve routes from.
    useFactory: ({ auth, ...options }: GatehouseModuleOptions): Admission =>
      isIssuer(auth) ? createKernel(auth, options) : createAdmission(auth, options),
    inject: [GATEHOUSE_OPTIONS],
  },
  { provide: APP_GUARD, useClass: GatehouseGuard },
  { provide: APP_FILTER, useClass: GatehouseExceptionFilter },
];

/**
 * Gatehouse for a NestJS 11 app, on either platform (`@nestjs/platform-express` or
 * `@nestjs/platform-fastify`): the library's auth, social and user routes served before Nest's
 * router, a global guard that denies by default (`@Public()`, `@Roles(...)`, `@CurrentUser()`), and
 * an exception filter that answers every error with the contract's body. Import it once, in the
 * root module; it is global.
 *
 * @example
 * \@Module({ imports: [GatehouseModule.forRoot({ auth })], controllers: [ReportsController] })
 * class AppModule {}
 */
@Global()
@Module({})
export class GatehouseModule implements NestModule {
  constructor(
    @Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost,
    @Inject(GATEHOUSE_KERNEL) private readonly kernel: Admission,
    @Inject(GATEHOUSE_OPTIONS) private readonly options: GatehouseModuleOptions,
  ) {}

  /** The module with its options given now. */
  static forRoot(options: GatehouseModuleOptions): DynamicModule {
    return {
      module: GatehouseModule,
      providers: [{ provide: GATEHOUSE_OPTIONS, useValue: options }, ...SHARED],
      exports: [GATEHOUSE_OPTIONS, GATEHOUSE_KERNEL],
    };
  }

  /** The module with its options from a factory (which may wait for the store, or read a config service). */
  static forRootAsync(options: GatehouseModuleAsyncOptions): DynamicModule {
    return {
      module: GatehouseModule,
      imports: options.imports ?? [],
      providers: [{ provide: GATEHOUSE_OPTIONS, useFactory: options.useFactory, inject: options.inject ?? [] }, ...SHARED],
      exports: [GATEHOUSE_OPTIONS, GATEHOUSE_KERNEL],
    };
  }

  /**
   * Mounts the library's routes on the platform itself (Express's `use`, Fastify's middie), before
   * Nest's router: the platform's own middleware, so the paths are the app's whole paths and a
   * request the routes do not take goes on to Nest untouched. On Fastify, bodies are left to the
   * guard (`leaveBodiesToGatehouse`); on Express, create the app with `bodyParser: false`.
   */
  configure(_consumer: MiddlewareConsumer): void {
    const { httpAdapter } = this.adapterHost;
    if (httpAdapter.getType() === 'fastify') leaveBodiesToGatehouse(httpAdapter.getInstance());
    else if (expressParsesBodies(httpAdapter)) new Logger('GatehouseModule').warn(EXPRESS_PARSER_WARNING);
    httpAdapter.use(libraryRoutes(this.kernel, this.options));
  }
}
