// The signed-in session of this tab. docs/demo-app.md explains the choice:
// - the access token lives only in this module's memory: no other script, tab or later visit can
//   read it from storage, and it dies with the page;
// - the refresh token lives in sessionStorage, so a reload keeps you signed in, and it is gone when
//   the tab closes. It is single use: every refresh stores the new one.
import { ApiError, callApi } from './api-client.js';

const REFRESH_TOKEN_KEY = 'gatehouse-demo.refresh-token';

/** @type {string | null} */
let accessToken = null;
/** @type {Promise<void> | null} */
let refreshing = null;

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

/** Keeps a fresh pair from login, register or refresh. */
export function startSession({ accessToken: access, refreshToken }) {
  accessToken = access;
  writeRefreshToken(refreshToken);
}

export function endSession() {
  accessToken = null;
  writeRefreshToken(null);
}

/** True when there is something to resume a session with (after a reload, say). */
export function canResume() {
  return accessToken !== null || readRefreshToken() !== null;
}

/**
 * The claims of the current access token, read without checking the signature: only to decide what
 * to show (the API checks every call). `roles` are those at issue time (CONTRACT §3).
 *
 * @returns {{ id: string, email: string, roles: string[], exp: number } | null}
 */
export function accessClaims() {
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

/**
 * Trades the refresh token for a new pair. Calls made at the same time share one refresh: a refresh
 * token is single use, and presenting it twice would look like theft and end the session.
 */
export function refreshSession() {
  refreshing ??= (async () => {
    const refreshToken = readRefreshToken();
    if (!refreshToken) {
      endSession();
      throw new ApiError(401, { message: 'Your session has ended. Please log in again.' });
    }
    try {
      startSession(await callApi('POST', '/api/v1/auth/refresh-token', { body: { refreshToken } }));
    } catch (error) {
      // A refused refresh token (expired, revoked, reused) ends the session; a network error does not.
      if (error instanceof ApiError && (error.status === 400 || error.status === 401)) {
        endSession();
        throw new ApiError(401, { message: `Your session has ended: ${error.message} Please log in again.` });
      }
      throw error;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * Calls a protected route with the access token. When the API answers 401 (the token expired), the
 * session is refreshed once and the call repeated.
 */
export async function callWithSession(method, path, body) {
  if (!accessToken) await refreshSession();
  const sent = accessToken;
  try {
    return await callApi(method, path, { body, token: sent });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    // Another call may have refreshed meanwhile; then just use the new token.
    if (accessToken === sent) await refreshSession();
    return callApi(method, path, { body, token: accessToken });
  }
}

/** Revokes the refresh token (and its rotation family) on the server and forgets both tokens. */
export async function logOut() {
  const refreshToken = readRefreshToken();
  endSession();
  if (refreshToken) await callApi('POST', '/api/v1/auth/logout', { body: { refreshToken } });
}

/** Revokes every refresh token of the user, on every device, then forgets both tokens here. */
export async function logOutEverywhere() {
  await callWithSession('POST', '/api/v1/auth/logout-all');
  endSession();
}
