import { describe, expect, it } from 'vitest';
import { AuthError } from '@gatehousejs/core';
import { routeNotFound } from './not-found.js';
import { assertPathEncoding, isRoutableTarget, normalizeRequestPath, normalizeUnreservedEscapes } from './request-path.js';

function statusOf(url: string): number {
  try {
    assertPathEncoding(url);
    return 200;
  } catch (error) {
    if (error instanceof AuthError) return error.status;
    throw error;
  }
}

describe('assertPathEncoding', () => {
  it('refuses a % without two hex digits and escapes that are not UTF-8, with 400', () => {
    for (const path of ['/users/%ZZ/roles', '/users/%E0%A4%A/roles', '/users/%FF', '/a/%', '/a%2', 'http://localhost:3000/users/%ZZ?x=1']) {
      expect(statusOf(path), path).toBe(400);
    }
  });

  it('lets plain paths, valid escapes and any query string through', () => {
    for (const path of [
      '/',
      '/api/v1/users/me',
      '/users/a%20b/%C3%A9',
      '/a%2Fb',
      '/verify?token=%ZZ',
      'http://localhost/x?y=%',
      'http://localhost',
    ]) {
      expect(statusOf(path), path).toBe(200);
    }
  });
});

describe('routeNotFound', () => {
  it('answers 404 to an unknown path and 400 to one that is not validly percent-encoded', () => {
    expect(routeNotFound('/no-such-route').status).toBe(404);
    expect(routeNotFound('/no-such-route/%ZZ').body).toEqual({
      statusCode: 400,
      message: 'The request path is not validly percent-encoded.',
      error: 'Bad Request',
      code: 'PATH_MALFORMED',
    });
  });
});

describe('normalizeUnreservedEscapes', () => {
  it('decodes escaped letters, digits and -._~ in either hex case', () => {
    expect(normalizeUnreservedEscapes('/api/v1/%68ealth')).toBe('/api/v1/health');
    expect(normalizeUnreservedEscapes('/a%2d%2E%5f%7E%41%7a%30')).toBe('/a-._~Az0');
  });

  it('keeps every other escape as it is, so no slash or percent sign appears', () => {
    expect(normalizeUnreservedEscapes('/files/a%2Fb%20c%25d%3F')).toBe('/files/a%2Fb%20c%25d%3F');
    expect(normalizeUnreservedEscapes('/x%2568')).toBe('/x%2568');
  });
});

describe('normalizeRequestPath', () => {
  it('resolves dot segments, escaped or not, never above the root', () => {
    expect(normalizeRequestPath('/api/v1/x/../health')).toBe('/api/v1/health');
    expect(normalizeRequestPath('/api/v1/./health')).toBe('/api/v1/health');
    expect(normalizeRequestPath('/api/v1/%2e%2e/v1/health')).toBe('/api/v1/health');
    expect(normalizeRequestPath('/../../etc/passwd')).toBe('/etc/passwd');
  });

  it('keeps a path that begins with two slashes a path, and leaves ordinary paths alone', () => {
    expect(normalizeRequestPath('//evil.example/x')).toBe('//evil.example/x');
    expect(normalizeRequestPath('/api/v1/users/me')).toBe('/api/v1/users/me');
    expect(normalizeRequestPath('*')).toBe('*');
  });

  it('leaves invalid escapes for the path check to refuse', () => {
    expect(normalizeRequestPath('/api/v1/users/%ZZ/roles')).toBe('/api/v1/users/%ZZ/roles');
  });
});

describe('isRoutableTarget', () => {
  it('admits origin and absolute form, and a backslash after the query', () => {
    for (const target of ['/', '/api/v1/health', '/api/v1/health?x=a\\b', 'http://host/api/v1/health', 'HTTPS://host/x']) {
      expect(isRoutableTarget(target), target).toBe(true);
    }
  });

  it('refuses asterisk and authority form, and a backslash in the path', () => {
    for (const target of ['*', 'host:443', '', '/api/v1\\users\\me', '\\api', '/a\\b?c', 'http://host/a\\b']) {
      expect(isRoutableTarget(target), target).toBe(false);
    }
  });
});
