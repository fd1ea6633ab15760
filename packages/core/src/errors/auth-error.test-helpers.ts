import { expect } from 'vitest';
import { AuthError, type AuthErrorCode } from './auth-error.js';

/**
 * Awaits a promise that must reject with an `AuthError` of `code` and returns the error. Fails when it
 * resolves or rejects with anything else.
 */
export async function expectAuthError(promise: Promise<unknown>, code: AuthErrorCode): Promise<AuthError> {
  const outcome = await promise.then(
    (value: unknown) => ({ resolved: true as const, value }),
    (error: unknown) => ({ resolved: false as const, error }),
  );
  if (outcome.resolved) expect.fail(`expected a rejection with ${code}, but it resolved`);
  expect(outcome.error, `expected an AuthError ${code}`).toBeInstanceOf(AuthError);
  expect((outcome.error as AuthError).code).toBe(code);
  return outcome.error as AuthError;
}
