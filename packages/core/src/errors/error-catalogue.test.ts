import { describe, expect, it } from 'vitest';
import { AuthError, isUnavailable } from './auth-error.js';
import { ERROR_CATALOGUE, type AuthErrorCode } from './error-catalogue.js';

const codes = Object.keys(ERROR_CATALOGUE) as AuthErrorCode[];

describe('the error catalogue', () => {
  it('gives every code a status from 400 to 599 and one sentence ending with a full stop', () => {
    for (const code of codes) {
      const { status, message } = ERROR_CATALOGUE[code];
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
      expect(message, code).toMatch(/^[A-Z].*\.$/);
    }
  });

  it('gives every 503 a dependency and a Retry-After, and nothing else a dependency', () => {
    for (const code of codes) {
      const entry: { status: number; dependency?: string; retryAfterSeconds?: number } = ERROR_CATALOGUE[code];
      expect(entry.dependency !== undefined, code).toBe(entry.status === 503);
      if (entry.status === 503) expect(entry.retryAfterSeconds, code).toBeGreaterThan(0);
    }
  });

  it('has the dependency codes the HTTP layer answers with 503', () => {
    expect(ERROR_CATALOGUE.DATABASE_UNAVAILABLE).toMatchObject({ status: 503, dependency: 'database' });
    expect(ERROR_CATALOGUE.RATE_LIMITER_UNAVAILABLE).toMatchObject({ status: 503, dependency: 'rate-limit store' });
    expect(ERROR_CATALOGUE.SERVICE_BUSY).toMatchObject({ status: 503, dependency: 'password hasher', retryAfterSeconds: 1 });
    expect(ERROR_CATALOGUE.HASHER_UNAVAILABLE).toMatchObject({ status: 503, dependency: 'password hasher' });
    expect(ERROR_CATALOGUE.PROVIDER_UNAVAILABLE).toMatchObject({ status: 503, dependency: 'sign-in provider', retryAfterSeconds: 30 });
  });
});

describe('AuthError', () => {
  it('takes its sentence, status and Retry-After from the catalogue unless given', () => {
    const error = new AuthError('DATABASE_UNAVAILABLE');
    expect(error.message).toBe(ERROR_CATALOGUE.DATABASE_UNAVAILABLE.message);
    expect(error.status).toBe(503);
    expect(error.retryAfterSeconds).toBe(5);
    expect(error.dependency).toBe('database');
    expect(isUnavailable(error)).toBe(true);
    expect(isUnavailable(new AuthError('INVALID_CREDENTIALS'))).toBe(false);
    expect(new AuthError('RATE_LIMITED', undefined, undefined, { retryAfterSeconds: 42 }).retryAfterSeconds).toBe(42);
  });

  it("keeps a framework's own 4xx only for REQUEST_REFUSED, and never a 5xx", () => {
    expect(new AuthError('REQUEST_REFUSED', undefined, undefined, { status: 405 }).status).toBe(405);
    expect(new AuthError('REQUEST_REFUSED', undefined, undefined, { status: 502 }).status).toBe(400);
    expect(new AuthError('TOKEN_INVALID', undefined, undefined, { status: 404 }).status).toBe(401);
  });

  it('keeps what failed underneath as its cause, for the log', () => {
    const cause = new Error('connect ECONNREFUSED 127.0.0.1:5432');
    expect(new AuthError('DATABASE_UNAVAILABLE', undefined, undefined, { cause }).cause).toBe(cause);
  });
});
