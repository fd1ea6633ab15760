import { describe, expect, it } from 'vitest';
import { isApiPath } from './response-headers.js';

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
