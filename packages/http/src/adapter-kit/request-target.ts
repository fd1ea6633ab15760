import { AuthError } from '@gatehousejs/core';
import { isRoutableTarget, normalizeRequestPath } from '../rules/request-path.js';

/**
 * A request target (path and query) with its path in the form every adapter routes (dot segments
 * resolved, escaped unreserved characters decoded: `normalizeRequestPath`); the query is not
 * touched. A target that names no path (`GET *`, a backslash) throws the 400 `REQUEST_TARGET_INVALID`.
 *
 * @example
 * normalizeTarget('/api/v1/x/../%68ealth?a=1'); // '/api/v1/health?a=1'
 */
export function normalizeTarget(target: string): string {
  if (!isRoutableTarget(target)) throw new AuthError('REQUEST_TARGET_INVALID');
  const query = target.indexOf('?');
  const path = query < 0 ? target : target.slice(0, query);
  const normalized = normalizeRequestPath(path);
  return normalized === path ? target : normalized + (query < 0 ? '' : target.slice(query));
}
