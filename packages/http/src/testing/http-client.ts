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

/** A tiny fetch wrapper over real HTTP on loopback. */
export function createClient(baseUrl: string) {
  return async function api(method: string, path: string, req: ApiRequest = {}): Promise<ApiResponse> {
    const headers = new Headers(req.headers);
    let payload: string | undefined;
    if (req.rawBody !== undefined) payload = req.rawBody;
    else if (req.body !== undefined) payload = JSON.stringify(req.body);
    if (payload !== undefined && req.contentType !== null) headers.set('content-type', req.contentType ?? 'application/json');
    if (req.token) headers.set('authorization', `Bearer ${req.token}`);
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body: payload, redirect: 'manual' });
    const text = await response.text();
    const isJson = (response.headers.get('content-type') ?? '').includes('json');
    return { status: response.status, headers: response.headers, text, body: isJson && text ? JSON.parse(text) : text };
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
