import { describe, expect, it } from 'vitest';
import { isApiPath } from './api-headers.js';
import { chooseRequestId } from './request-id.js';

describe('isApiPath (which answers get the API headers below the framework)', () => {
  it('takes /api and everything under it, as the frameworks route it', () => {
    for (const target of ['/api', '/api/', '/api?x=1', '/api/v1/health', '/api/v1/users/me?x=/', '/%61pi/v1/health', '/%61%70%69']) {
      expect([target, isApiPath(target)]).toEqual([target, true]);
    }
  });

  it('leaves other paths alone: case matters, a longer first segment is another path, a bad escape is no route', () => {
    for (const target of ['/', '/apis', '/API/v1/health', '/docs', '/x/api/v1', '/app?next=/api', '/%ZZapi', '/%61pis']) {
      expect([target, isApiPath(target)]).toEqual([target, false]);
    }
  });
});

describe('chooseRequestId', () => {
  it('keeps a plain X-Request-Id from a proxy and replaces anything else with a UUID', () => {
    expect(chooseRequestId('abc-123.X_y')).toBe('abc-123.X_y');
    for (const bad of [undefined, '', 'a b', 'x'.repeat(65), 'line\nbreak', '{"json":1}']) {
      expect(chooseRequestId(bad)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
