import { z } from 'zod';
import type { Auth } from '@gatehousejs/core';
import { operationsFor, OPERATIONS, type Operation } from './operations.js';
import { API_SCHEMAS, errorBody } from './response-schemas.js';
import { SESSION_MODE_PARAMETER, setCookieHeader } from './cookie-mode.js';

export interface OpenApiOptions {
  /** `info.title`; default "Gatehouse API". */
  title?: string;
  /** `info.version`; default the package's. */
  version?: string;
  /** `servers[0].url`, e.g. `https://auth.example.com`; omitted by default (the document's own origin). */
  serverUrl?: string;
  /**
   * The auth instance the document describes: its role set is what the set-roles body and the
   * `role` filter of `GET /users` accept. Default: the spec's four roles.
   */
  auth?: Pick<Auth<string>, 'requestSchemas'>;
  /** Operations of the app to add, e.g. `{ 'GET /api/v1/reports': { … } }`. */
  extraOperations?: Readonly<Record<string, Operation>>;
}

type JsonSchema = Record<string, unknown>;

const REF = (id: string) => `#/components/schemas/${id}`;

/** A response schema as a `$ref` to its component (`oneOf` refs for a union of named ones), or inline. */
function responseSchema(schema: z.ZodType): JsonSchema {
  const id = API_SCHEMAS.get(schema)?.id;
  if (id) return { $ref: REF(id) };
  if (schema instanceof z.ZodUnion) return { oneOf: (schema.options as z.ZodType[]).map(responseSchema) };
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** A request schema as JSON Schema of what the client sends (`io: 'input'`: before core's transforms). */
function requestSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

function queryParameters(schema: z.ZodType): JsonSchema[] {
  const object = requestSchema(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: object.required?.includes(name) ?? false,
    schema: property,
  }));
}

const toOpenApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

function operationObject(key: string, op: Operation): JsonSchema {
  const path = key.slice(key.indexOf(' ') + 1);
  const parameters = [
    ...[...path.matchAll(/:(\w+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } })),
    ...(op.query ? queryParameters(op.query) : []),
    ...(op.cookieMode ? [SESSION_MODE_PARAMETER] : []),
  ];
  return {
    summary: op.summary,
    tags: [op.tag],
    operationId: key.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, ''),
    ...(op.roles ? { description: `Needs one of the roles: ${op.roles.join(', ')}.` } : {}),
    ...(op.bearer ? { security: [{ bearerAuth: [] }] } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(op.body
      ? { requestBody: { required: !op.bodyOptional, content: { 'application/json': { schema: requestSchema(op.body) } } } }
      : {}),
    ...(op.form
      ? { requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: requestSchema(op.form) } } } }
      : {}),
    responses: Object.fromEntries(
      Object.entries(op.responses).map(([status, response]) => {
        const setCookie = op.cookieMode?.[Number(status)];
        return [
          status,
          {
            description: response.description,
            ...(setCookie ? { headers: setCookieHeader(setCookie) } : {}),
            ...(response.schema ? { content: { 'application/json': { schema: responseSchema(response.schema) } } } : {}),
          },
        ];
      }),
    ),
  };
}

/**
 * The OpenAPI 3.1 document of the API, built from the schemas that validate the requests (core's)
 * and those the HTTP suite holds every answer to. Serve it as JSON (the adapters' `apiDocs()` do,
 * at `/api/v1/openapi.json`).
 *
 * @example
 * const document = createOpenApiDocument({ auth, serverUrl: 'https://auth.example.com' });
 * document.paths['/api/v1/auth/login'].post.summary; // 'Log in with e-mail and password'
 */
export function createOpenApiDocument(options: OpenApiOptions = {}) {
  const operations = { ...(options.auth ? operationsFor(options.auth.requestSchemas) : OPERATIONS), ...options.extraOperations };
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [key, op] of Object.entries(operations)) {
    const [method, path] = key.split(' ') as [string, string];
    (paths[toOpenApiPath(path)] ??= {})[method.toLowerCase()] = operationObject(key, op);
  }
  const { schemas } = z.toJSONSchema(API_SCHEMAS, { target: 'draft-2020-12', uri: REF, unrepresentable: 'any' }) as {
    schemas: Record<string, JsonSchema>;
  };
  for (const schema of Object.values(schemas)) delete schema.$schema;
  return {
    openapi: '3.1.0',
    info: {
      title: options.title ?? 'Gatehouse API',
      version: options.version ?? '0.1.0',
      description:
        'Account authentication and role-based authorization. Every error answer is `{ statusCode, message, error, code }` (`code`: the catalogue code, stable across versions).',
    },
    ...(options.serverUrl ? { servers: [{ url: options.serverUrl }] } : {}),
    tags: [
      { name: 'auth', description: 'Registration, sessions, e-mail confirmation, password reset.' },
      { name: 'users', description: 'The signed-in user and user management.' },
      { name: 'social', description: 'Sign-in with Google, GitHub, Steam and other providers; linking them to an account.' },
    ],
    paths,
    components: {
      schemas,
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof createOpenApiDocument>;

function findOperation(method: string, path: string, operations: Readonly<Record<string, Operation>>): Operation | undefined {
  const exact = operations[`${method} ${path}`];
  if (exact) return exact;
  for (const [key, op] of Object.entries(operations)) {
    const [m, template] = key.split(' ') as [string, string];
    if (m !== method || !template.includes(':')) continue;
    const pattern = new RegExp(`^${template.replace(/:\w+/g, '[^/]+')}$`);
    if (pattern.test(path)) return op;
  }
  return undefined;
}

/**
 * Whether an answer agrees with the document: `undefined` when it does, else why not. An answer of
 * an undocumented route must still be the error body when it is an error (a 404 for an unknown
 * path). HEAD answers have no body to check. The shared HTTP suite calls this for every answer.
 *
 * @example
 * responseMismatch('GET', '/api/v1/users/me', 200, body); // undefined, or 'GET /api/v1/users/me 200: …'
 */
export function responseMismatch(
  method: string,
  pathWithQuery: string,
  status: number,
  body: unknown,
  extraOperations: Readonly<Record<string, Operation>> = {},
): string | undefined {
  if (method === 'HEAD' || method === 'OPTIONS') return undefined;
  const path = pathWithQuery.split('?')[0]!;
  const op = findOperation(method, path, { ...OPERATIONS, ...extraOperations });
  const where = `${method} ${path} ${status}`;
  if (!op) {
    if (status < 400 || body === undefined) return undefined;
    const parsed = errorBody.safeParse(body);
    return parsed.success ? undefined : `${where}: not the error body: ${z.prettifyError(parsed.error)}`;
  }
  const documented = op.responses[status];
  if (!documented) return `${where}: the document lists no ${status} for this operation`;
  if (!documented.schema) return body === undefined || body === '' ? undefined : `${where}: documented without a body, but one was sent`;
  const parsed = documented.schema.safeParse(body);
  return parsed.success ? undefined : `${where}: ${z.prettifyError(parsed.error)}`;
}
