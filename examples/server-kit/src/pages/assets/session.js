// The signed-in session of this tab, kept by the typed client `@gatehousejs/client` (served from
// its build at /assets/client/). docs/demo-app.md explains the choice of storage.
//
// Cookie mode (the default: AUTH_COOKIES unset or true; the server says so in a meta tag of the
// page): the client asks for it with `Gatehouse-Session: cookie` on every call, the refresh token is
// in an HttpOnly cookie no script can read, the access token only in memory, and a reload gets a
// new access token from the cookie. The client tells the other tabs of a logout.
//
// Bearer mode (AUTH_COOKIES=false, the fallback):
// - the access token lives only in this module's memory: no other script, tab or later visit can
//   read it from storage, and it dies with the page;
// - the refresh token lives in sessionStorage, so a reload keeps you signed in, and it is gone when
//   the tab closes. It is single use: every refresh stores the new one.
// After a reload the client finds a refresh token without an access token and refreshes first.
import { createGatehouseClient } from './client/index.js';

const REFRESH_TOKEN_KEY = 'gatehouse-demo.refresh-token';

function readRefreshToken() {
  try {
    return sessionStorage.getItem(REFRESH_TOKEN_KEY);
  } catch {
    return null; // storage disabled: the session then lasts as long as the page
  }
}

function writeRefreshToken(token) {
  try {
    if (token) sessionStorage.setItem(REFRESH_TOKEN_KEY, token);
    else sessionStorage.removeItem(REFRESH_TOKEN_KEY);
  } catch {
    // storage disabled: nothing kept, nothing to remove
  }
}

/** The client's TokenStorage: the access token in memory, the refresh token in sessionStorage. */
function tabStorage() {
  let accessToken = '';
  let refreshTokenInMemory = null;
  return {
    load() {
      const refreshToken = readRefreshToken() ?? refreshTokenInMemory;
      return refreshToken ? { accessToken, refreshToken } : null;
    },
    save(tokens) {
      accessToken = tokens?.accessToken ?? '';
      refreshTokenInMemory = tokens?.refreshToken ?? null;
      writeRefreshToken(tokens?.refreshToken ?? null);
    },
  };
}

const sessionEndListeners = [];

/** The API client of the page: every call of the demo goes through it. */
const cookieMode = document.querySelector('meta[name="gatehouse-session"]')?.getAttribute('content') === 'cookies';

export const client = createGatehouseClient({
  baseUrl: '',
  ...(cookieMode ? { cookies: true } : { storage: tabStorage() }),
  // A refused refresh (expired, revoked, reused) ended the session.
  onSessionEnd: () => {
    for (const listener of sessionEndListeners) listener();
  },
});

/** Calls `listener` when the session ends without a logout here (refused refresh, or a logout in another tab). */
export function onSessionEnd(listener) {
  sessionEndListeners.push(listener);
}

/** True when there is something to resume a session with (after a reload, say). */
export async function canResume() {
  return (await client.session()) !== null;
}

/**
 * The claims of the current access token, read without checking the signature: only to decide what
 * to show (the API checks every call). `roles` are those at issue time (CONTRACT §3).
 *
 * @returns {Promise<{ id: string, email: string | null, roles: string[], exp: number } | null>}
 */
export async function accessClaims() {
  const accessToken = (await client.session())?.accessToken;
  if (!accessToken) return null;
  try {
    const payload = accessToken.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json);
    return { ...claims, roles: Array.isArray(claims.roles) ? claims.roles : [] };
  } catch {
    return null;
  }
}
