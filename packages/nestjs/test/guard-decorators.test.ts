import 'reflect-metadata';
import { type AccessTokenPayload, createAuth } from '@gatehousejs/core';
import { createFakeHasher } from '@gatehousejs/core/testing';
import { createMemoryStore } from '@gatehousejs/store-memory';
import { Body, Controller, Get, type INestApplication, Module, NotFoundException, Post } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { CurrentUser, GatehouseModule, Public, Roles, rolesOf } from '../src/index.js';
import { createNestApp, type NestPlatform } from './suite-target.js';

const APP_ROLES = ['super', 'admin', 'manager', 'user', 'editor'] as const;
const PASSWORD = 'correct horse battery';
const auth = createAuth({
  roles: APP_ROLES,
  config: { accessTokenSecret: 'a'.repeat(32), refreshTokenSecret: 'b'.repeat(32) },
  store: createMemoryStore(),
  mailer: { send: async () => {} },
  hasher: createFakeHasher(),
});
const AppRoles = rolesOf(auth);

/** An app's own routes, as a Nest user writes them: nothing marks a route as needing a token. */
@Controller('app')
class AppController {
  @Get('secret')
  secret(@CurrentUser() user: AccessTokenPayload) {
    return { id: user.id };
  }

  @Public()
  @Get('open')
  open() {
    return { open: true };
  }

  @Public()
  @Get('open-user')
  openUser(@CurrentUser() user: AccessTokenPayload) {
    return { id: user.id };
  }

  @AppRoles('editor')
  @Get('drafts')
  drafts(@CurrentUser() user: AccessTokenPayload) {
    return { editor: user.id };
  }

  @Post('echo')
  echo(@Body() body: unknown) {
    return { received: body ?? null };
  }

  @Get('missing')
  missing() {
    throw new NotFoundException('No such report.');
  }
}

/** `@Public()` on the controller; a handler that names roles still needs the token they are read from. */
@Public()
@Controller('public-controller')
class PublicController {
  @Get('hello')
  hello() {
    return { hello: 'world' };
  }

  @Roles('manager')
  @Get('managers')
  managers() {
    return { ok: true };
  }
}

@Module({
  imports: [GatehouseModule.forRootAsync({ useFactory: async () => ({ auth }) })],
  controllers: [AppController, PublicController],
})
class AppModule {}

const tokens: Record<string, string> = {};

beforeAll(async () => {
  await auth.ensureSuperUser({ email: 'root@example.com', password: 'root passphrase here' });
  const actor = await auth.verifyAccessToken(
    (await auth.login({ email: 'root@example.com', password: 'root passphrase here' })).accessToken,
  );
  for (const name of ['writer', 'reader']) {
    const { user } = await auth.register({
      firstName: 'W',
      lastName: 'W',
      username: name,
      email: `${name}@example.com`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    if (name === 'writer') await auth.setRoles(actor, user.id, { roles: ['editor'] });
    tokens[name] = (await auth.login({ email: `${name}@example.com`, password: PASSWORD })).accessToken;
  }
});

describe.each(['express', 'fastify'] as NestPlatform[])('GatehouseModule on Nest with %s', (platform) => {
  let app: INestApplication;
  let base: string;
  beforeAll(async () => {
    app = await createNestApp(platform, AppModule);
    await app.listen(0, '127.0.0.1');
    base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  });
  afterAll(() => app.close());

  const call = (path: string, init: { token?: string; method?: string; body?: string; type?: string } = {}) =>
    fetch(`${base}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.type ? { 'content-type': init.type } : {}),
      },
      ...(init.body === undefined ? {} : { body: init.body }),
    });

  it('denies an app route without a decorator to a caller without a token: 401, the contract body, WWW-Authenticate', async () => {
    const res = await call('/app/secret');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect(await res.json()).toEqual({
      statusCode: 401,
      message: 'An access token is required (Authorization: Bearer <token>).',
      error: 'Unauthorized',
      code: 'TOKEN_MISSING',
    });
  });

  it('hands the verified payload to @CurrentUser()', async () => {
    const res = await call('/app/secret', { token: tokens.reader! });
    expect(res.status).toBe(200);
    const me = await auth.verifyAccessToken(tokens.reader!);
    expect(await res.json()).toEqual({ id: me.id });
  });

  it('opens a @Public() route to anyone, and answers @CurrentUser() there with 401 rather than undefined', async () => {
    expect(await (await call('/app/open')).json()).toEqual({ open: true });
    const res = await call('/app/open-user');
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe('TOKEN_MISSING');
  });

  it('checks @Roles typed by the instance: 403 without the role, 200 with it', async () => {
    const denied = await call('/app/drafts', { token: tokens.reader! });
    expect(denied.status).toBe(403);
    expect(((await denied.json()) as { code: string }).code).toBe('INSUFFICIENT_ROLE');
    const writer = await auth.verifyAccessToken(tokens.writer!);
    const allowed = await call('/app/drafts', { token: tokens.writer! });
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toEqual({ editor: writer.id });
  });

  it('keeps a @Public() controller open, but a handler of it that names roles needs a token (fail closed)', async () => {
    expect(await (await call('/public-controller/hello')).json()).toEqual({ hello: 'world' });
    expect((await call('/public-controller/managers')).status).toBe(401);
    expect((await call('/public-controller/managers', { token: tokens.reader! })).status).toBe(403);
  });

  it('applies the body rules to an app route after the token: 401 unread, 415 for text, 400 malformed, then @Body()', async () => {
    const json = JSON.stringify({ a: 1 });
    expect((await call('/app/echo', { method: 'POST', body: 'not json', type: 'text/plain' })).status).toBe(401);
    const text = await call('/app/echo', { method: 'POST', token: tokens.reader!, body: json, type: 'text/plain' });
    expect(text.status).toBe(415);
    expect(((await text.json()) as { code: string }).code).toBe('BODY_NOT_JSON');
    const malformed = await call('/app/echo', { method: 'POST', token: tokens.reader!, body: '{"a":', type: 'application/json' });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { code: string }).code).toBe('BODY_MALFORMED');
    const ok = await call('/app/echo', { method: 'POST', token: tokens.reader!, body: json, type: 'application/json' });
    expect(await ok.json()).toEqual({ received: { a: 1 } });
  });

  it("answers an app's own HttpException with its status and sentence in the contract's shape", async () => {
    const res = await call('/app/missing', { token: tokens.reader! });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ statusCode: 404, message: 'No such report.', error: 'Not Found', code: 'REQUEST_REFUSED' });
  });

  it('answers a route no controller declares with the JSON 404, token or not', async () => {
    for (const token of [undefined, tokens.reader!]) {
      const res = await call('/app/nowhere', token ? { token } : {});
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        statusCode: 404,
        message: 'No route matches this request.',
        error: 'Not Found',
        code: 'ROUTE_NOT_FOUND',
      });
    }
  });
});

describe('the decorators’ types', () => {
  it('types rolesOf(auth) with the instance’s roles and @Roles with the registered (here: the spec’s) roles', () => {
    expectTypeOf(AppRoles).parameters.toEqualTypeOf<('super' | 'admin' | 'manager' | 'user' | 'editor')[]>();
    // @ts-expect-error 'nope' is not one of the instance's roles
    AppRoles('nope');
    // @ts-expect-error without `Register`, @Roles knows only the spec's four roles
    Roles('editor');
  });
});
