import { responseMismatch } from '../openapi/openapi-document.js';

export interface ApiResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON when the response is JSON, else the text. */
  body: any;
  text: string;
}

export interface ApiRequest {
  body?: unknown;
  /** Sent as-is instead of `JSON.stringify(body)`. */
  rawBody?: string;
  contentType?: string | null;
  token?: string;
  headers?: Record<string, string>;
}

/** Sends a request for `path` to an app and returns its answer: `fetch` on a base URL, or an app's own `fetch` in-process. */
export type SendRequest = (path: string, init: RequestInit) => Promise<Response>;

/**
 * A tiny client for the app under test: JSON in and out, the bearer token, raw bodies when a case
 * needs them. Give it a base URL for real HTTP on loopback, or any `SendRequest`. Every JSON answer
 * is held to the OpenAPI document (`responseMismatch`): an answer the document does not describe
 * fails the test that got it.
 */
export function createClient(target: string | SendRequest) {
  const send: SendRequest = typeof target === 'string' ? (path, init) => fetch(`${target}${path}`, init) : target;
  return async function api(method: string, path: string, req: ApiRequest = {}): Promise<ApiResponse> {
    const headers = new Headers(req.headers);
    let payload: string | undefined;
    if (req.rawBody !== undefined) payload = req.rawBody;
    else if (req.body !== undefined) payload = JSON.stringify(req.body);
    if (payload !== undefined && req.contentType !== null) headers.set('content-type', req.contentType ?? 'application/json');
    if (req.token) headers.set('authorization', `Bearer ${req.token}`);
    const response = await send(path, { method, headers, body: payload, redirect: 'manual' });
    const text = await response.text();
    const isJson = (response.headers.get('content-type') ?? '').includes('json');
    const body = isJson && text ? JSON.parse(text) : text;
    // Pages for browsers (HTML) are outside the JSON API the document describes.
    if (isJson || text === '') {
      const problem = responseMismatch(method, path, response.status, text === '' ? undefined : body);
      if (problem) throw new Error(`The answer disagrees with the OpenAPI document: ${problem}`);
    }
    return { status: response.status, headers: response.headers, text, body };
  };
}

export type Api = ReturnType<typeof createClient>;

let counter = 0;

/** A fresh, valid registration body; `tag` keeps e-mail and username unique within a run. */
export function newUser(tag = 'user') {
  counter += 1;
  const id = `${tag}${counter}${Math.random().toString(36).slice(2, 8)}`;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    username: id,
    email: `${id}@example.com`,
    password: 'correct horse battery',
    confirmPassword: 'correct horse battery',
  };
}

/** Pulls `token` out of the first link in a mail that starts with `prefix`. */
export function tokenFromLink(text: string, prefix: string): string {
  const start = text.indexOf(prefix);
  if (start < 0) throw new Error(`no link starting with ${prefix} in the mail`);
  const link = /^[^\s"'<>]+/.exec(text.slice(start))![0];
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error('the link has no token');
  return token;
}
