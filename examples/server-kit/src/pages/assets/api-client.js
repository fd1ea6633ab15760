// JSON calls to the Gatehouse API. A failed call throws an ApiError carrying what the API said:
// its `message`, its `details` ([{ path, message }]) and, on 429, how long to wait.

/** What the API answered when it refused a request, or why it could not be asked. */
export class ApiError extends Error {
  /**
   * @param {number} status HTTP status; 0 when the server could not be reached
   * @param {{ message?: unknown, details?: unknown } | undefined} body the API's error body
   * @param {string | null} [retryAfter] the Retry-After header, if any
   */
  constructor(status, body, retryAfter = null) {
    super(typeof body?.message === 'string' && body.message ? body.message : fallbackMessage(status));
    this.name = 'ApiError';
    this.status = status;
    /** @type {{ path: string, message: string }[]} */
    this.details = Array.isArray(body?.details)
      ? body.details.filter((d) => d && typeof d.message === 'string').map((d) => ({ path: String(d.path ?? ''), message: d.message }))
      : [];
    const seconds = Number(retryAfter);
    this.retryAfterSeconds = retryAfter !== null && Number.isFinite(seconds) ? seconds : undefined;
  }
}

function fallbackMessage(status) {
  if (status === 0) return 'The server could not be reached. Check that it is running, then try again.';
  if (status === 429) return 'Too many requests. Wait a moment, then try again.';
  if (status >= 500) return 'The server had a problem. Try again in a moment.';
  return `The request failed (HTTP ${status}).`;
}

/**
 * Calls the API with a JSON body (if any) and an access token (if given). Resolves with the parsed
 * JSON body, or undefined for 204. Cookies are never sent: the API authenticates by bearer token.
 *
 * @param {'GET' | 'POST' | 'PUT'} method
 * @param {string} path e.g. `/api/v1/users/me`
 * @param {{ body?: unknown, token?: string | null }} [options]
 */
export async function callApi(method, path, { body, token } = {}) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(0, undefined);
  }
  if (response.status === 204) return undefined;
  const data = await response.json().catch(() => undefined);
  if (!response.ok) throw new ApiError(response.status, data, response.headers.get('Retry-After'));
  return data;
}
