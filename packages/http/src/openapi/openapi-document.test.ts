import { REQUEST_SCHEMAS } from '@gatehousejs/core/internal';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AUTH_ROUTES } from '../routes/auth-routes.js';
import { OAUTH_ROUTES } from '../routes/oauth-routes.js';
import { USER_ROUTES } from '../routes/user-routes.js';
import { createOpenApiDocument, responseMismatch } from './openapi-document.js';
import { OPERATIONS } from './operations.js';

const document = createOpenApiDocument();
const libraryRoutes = [
  ...AUTH_ROUTES.map((r) => `${r.method} /api/v1/auth${r.path}`),
  ...USER_ROUTES.map((r) => `${r.method} /api/v1${r.path}`),
  ...OAUTH_ROUTES.map((r) => `${r.method} /api/v1/auth${r.path}`),
];

function refs(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refs(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') found.push(inner);
      else refs(inner, found);
    }
  }
  return found;
}

describe('the OpenAPI document', () => {
  it('documents every route the adapters mount, and nothing they do not', () => {
    for (const route of libraryRoutes) expect(OPERATIONS, route).toHaveProperty([route]);
    expect(Object.keys(OPERATIONS).sort()).toEqual([...libraryRoutes].sort());
  });

  it('shows the six social sign-in routes under the social tag, the form_post callback with a form body', () => {
    const social = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => (op.tags as string[]).includes('social'))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(social.sort()).toEqual(
      [
        'GET /api/v1/auth/oauth/providers',
        'GET /api/v1/auth/oauth/{provider}',
        'GET /api/v1/auth/oauth/{provider}/callback',
        'POST /api/v1/auth/oauth/{provider}/callback',
        'POST /api/v1/auth/oauth/exchange',
        'POST /api/v1/auth/oauth/{provider}/link',
      ].sort(),
    );
    const formPost = document.paths['/api/v1/auth/oauth/{provider}/callback']!.post as { requestBody: { content: object } };
    expect(Object.keys(formPost.requestBody.content)).toEqual(['application/x-www-form-urlencoded']);
    expect(
      responseMismatch('POST', '/api/v1/auth/oauth/exchange', 200, {
        accessToken: 'a',
        refreshToken: 'r',
        user: { id: 'u', email: null, roles: [] },
        isNewUser: true,
      }),
    ).toBeUndefined();
  });

  it('is OpenAPI 3.1 with a bearer scheme, and every $ref names a component it holds', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.components.securitySchemes.bearerAuth).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    const names = Object.keys(document.components.schemas);
    expect(names).toEqual(expect.arrayContaining(['Error', 'LoginResult', 'UserProfile', 'UserSummary']));
    for (const ref of refs(document)) expect(names).toContain(ref.replace('#/components/schemas/', ''));
  });

  it('takes request bodies from the schemas core validates with', () => {
    const register = document.paths['/api/v1/auth/register']!.post as { requestBody: { content: Record<string, { schema: any }> } };
    const schema = register.requestBody.content['application/json']!.schema;
    expect(schema.required).toEqual(expect.arrayContaining(['firstName', 'lastName', 'username', 'email', 'password', 'confirmPassword']));
    expect(schema.properties.password).toMatchObject({ type: 'string', minLength: 8, maxLength: 128 });
    expect(schema.properties.username.pattern).toBe('^[A-Za-z0-9_.-]+$');
  });

  it('documents the three re-authentication bodies the flow takes: password, code, passkey assertion', () => {
    const op = document.paths['/api/v1/auth/reauthenticate']!.post as { requestBody: { content: Record<string, { schema: any }> } };
    const shapes = (op.requestBody.content['application/json']!.schema.anyOf as { required: string[] }[]).map((s) => s.required);
    expect(shapes).toEqual([['password'], ['code'], ['challengeId', 'response']]);
  });

  it('documents both answers of a login: the token pair, and the challenge of a second factor', () => {
    const op = document.paths['/api/v1/auth/login']!.post as { responses: Record<string, { content: Record<string, { schema: any }> }> };
    expect(op.responses['200']!.content['application/json']!.schema).toEqual({
      oneOf: [{ $ref: '#/components/schemas/LoginResult' }, { $ref: '#/components/schemas/MfaChallenge' }],
    });
    expect(responseMismatch('POST', '/api/v1/auth/login', 200, { mfaRequired: true, mfaToken: 't', methods: ['totp'] })).toBeUndefined();
  });

  it('lets refresh and logout leave the body out, as cookie mode does, and says why', () => {
    for (const path of ['/api/v1/auth/refresh-token', '/api/v1/auth/logout']) {
      const body = (document.paths[path]!.post as { requestBody: { required: boolean; content: Record<string, { schema: any }> } })
        .requestBody;
      expect(body.required, path).toBe(false);
      expect(body.content['application/json']!.schema.description, path).toContain('AUTH_COOKIES');
    }
    expect((document.paths['/api/v1/auth/login']!.post as { requestBody: { required: boolean } }).requestBody.required).toBe(true);
  });

  it('declares the Gatehouse-Session header on the routes that honour cookie mode, and Set-Cookie where they set or clear cookies', () => {
    type Documented = { parameters?: { name: string; in: string }[]; responses: Record<string, { headers?: Record<string, unknown> }> };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op as Documented] as const),
    );
    const honouring = operations.filter(([, op]) => op.parameters?.some((p) => p.name === 'Gatehouse-Session' && p.in === 'header'));
    // The routes whose handlers ask `usesCookies` (session-cookies/session-answer.ts): sign-ins, refresh, the three that end sessions.
    expect(honouring.map(([key]) => key).sort()).toEqual(
      [
        'POST /api/v1/auth/register',
        'POST /api/v1/auth/login',
        'POST /api/v1/auth/refresh-token',
        'POST /api/v1/auth/logout',
        'POST /api/v1/auth/logout-all',
        'POST /api/v1/auth/oauth/exchange',
        'POST /api/v1/auth/mfa/verify',
        'POST /api/v1/auth/passkey/login',
        'DELETE /api/v1/users/me',
      ].sort(),
    );
    const setCookie = (key: string) =>
      Object.entries(operations.find(([k]) => k === key)![1].responses)
        .filter(([, response]) => response.headers?.['Set-Cookie'])
        .map(([status]) => status);
    expect(setCookie('POST /api/v1/auth/login')).toEqual(['200']);
    expect(setCookie('POST /api/v1/auth/refresh-token')).toEqual(['200', '401']);
    expect(setCookie('POST /api/v1/auth/logout')).toEqual(['204', '401']);
    expect(setCookie('DELETE /api/v1/users/me')).toEqual(['204']);
    expect(setCookie('POST /api/v1/auth/verify-token')).toEqual([]);
    const login = operations.find(([k]) => k === 'POST /api/v1/auth/login')![1];
    expect(login.responses['200']!.headers).toEqual({
      'Set-Cookie': { description: expect.stringContaining('cookie mode'), schema: { type: 'string' } },
    });
  });

  it('says that a deployment may require longer passwords than the documented minimum', () => {
    const register = document.paths['/api/v1/auth/register']!.post as { requestBody: { content: Record<string, { schema: any }> } };
    expect(register.requestBody.content['application/json']!.schema.properties.password.description).toContain('PASSWORD_MIN_LENGTH');
  });

  it('marks bearer routes, writes path parameters in braces and query parameters from the schema', () => {
    expect(document.paths['/api/v1/auth/logout-all']!.post).toMatchObject({ security: [{ bearerAuth: [] }] });
    expect(document.paths['/api/v1/auth/login']!.post).not.toHaveProperty('security');
    expect(document.paths['/api/v1/users/{id}/roles']!.put).toMatchObject({ parameters: [{ name: 'id', in: 'path', required: true }] });
    expect(document.paths['/api/v1/auth/verify-email']!.get).toMatchObject({
      parameters: [{ name: 'token', in: 'query', required: true }],
    });
    const list = document.paths['/api/v1/users']!.get as { parameters: { name: string; required: boolean }[] };
    expect(list.parameters.map((p) => [p.name, p.required])).toEqual([
      ['limit', false],
      ['offset', false],
      ['role', false],
    ]);
  });
});

describe('responseMismatch', () => {
  const login = { accessToken: 'a.b.c', refreshToken: 'd.e.f', user: { id: 'u1', email: 'ada@example.com', roles: [] } };

  it('accepts an answer the document describes', () => {
    expect(responseMismatch('POST', '/api/v1/auth/login', 200, login)).toBeUndefined();
    expect(
      responseMismatch('POST', '/api/v1/auth/login', 401, {
        statusCode: 401,
        message: 'Invalid e-mail or password.',
        error: 'Unauthorized',
        code: 'INVALID_CREDENTIALS',
      }),
    ).toBeUndefined();
    expect(responseMismatch('DELETE', '/api/v1/users/abc/sessions', 204, undefined)).toBeUndefined();
    expect(
      responseMismatch('GET', '/api/v1/auth/verify-email?token=x', 400, {
        statusCode: 400,
        message: 'm',
        error: 'Bad Request',
        code: 'ONE_TIME_TOKEN_INVALID',
      }),
    ).toBeUndefined();
  });

  it('names a field the document does not have, a missing one, and a status it does not list', () => {
    expect(responseMismatch('POST', '/api/v1/auth/login', 200, { ...login, extra: 1 })).toMatch(/^POST \/api\/v1\/auth\/login 200: /);
    // (login's 200 is a union with the MFA challenge, whose mismatch zod reports as a whole: a single-shape answer names the field)
    expect(responseMismatch('POST', '/api/v1/auth/verify-token', 200, { message: 'ok', user: { id: 'u1', roles: [] } })).toMatch(/email/);
    expect(responseMismatch('POST', '/api/v1/auth/login', 418, {})).toBe(
      'POST /api/v1/auth/login 418: the document lists no 418 for this operation',
    );
    expect(responseMismatch('POST', '/api/v1/auth/logout', 204, { unexpected: true })).toMatch(/without a body/);
  });

  it('holds answers of undocumented routes to the error body when they are errors', () => {
    expect(
      responseMismatch('GET', '/api/v1/nope', 404, { statusCode: 404, message: 'Not found', error: 'Not Found', code: 'ROUTE_NOT_FOUND' }),
    ).toBeUndefined();
    expect(responseMismatch('GET', '/api/v1/nope', 404, { statusCode: 404, message: 'Not found', error: 'Not Found' })).toMatch(/code/);
    expect(
      responseMismatch('GET', '/api/v1/nope', 404, { statusCode: 404, message: 'x', error: 'Not Found', code: 'NO_SUCH_CODE' }),
    ).toMatch(/code/);
    expect(responseMismatch('GET', '/api/v1/nope', 404, { message: 'Not found' })).toMatch(/not the error body/);
    expect(responseMismatch('GET', '/api/v1/health', 200, { status: 'ok' })).toBeUndefined();
  });

  it('lists the roles of the auth instance it documents, the spec four by default', () => {
    type Schema = { properties: Record<string, { enum?: string[]; items?: { enum?: string[] } }> };
    const documented = (doc: ReturnType<typeof createOpenApiDocument>) => {
      const put = doc.paths['/api/v1/users/{id}/roles']!.put as { requestBody: { content: Record<string, { schema: Schema }> } };
      const list = doc.paths['/api/v1/users']!.get as { parameters: { name: string; schema: { enum?: string[] } }[] };
      return {
        body: put.requestBody.content['application/json']!.schema.properties.roles!.items?.enum,
        filter: list.parameters.find((p) => p.name === 'role')?.schema.enum,
      };
    };
    const spec = ['super', 'admin', 'manager', 'user'];
    expect(documented(document)).toEqual({ body: spec, filter: spec });

    // What createAuth({ roles }) gives as `auth.requestSchemas`: the same schemas over its role set.
    const withEditor = [...spec, 'editor'] as const;
    const requestSchemas = {
      ...REQUEST_SCHEMAS,
      setRoles: z.object({ roles: z.array(z.enum(withEditor)) }),
      listUsers: REQUEST_SCHEMAS.listUsers.extend({ role: z.enum(withEditor).optional() }),
    };
    expect(documented(createOpenApiDocument({ auth: { requestSchemas } }))).toEqual({ body: [...withEditor], filter: [...withEditor] });
  });
});
