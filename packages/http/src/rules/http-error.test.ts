import { AuthError, ERROR_CATALOGUE } from '@gatehousejs/core';
import { describe, expect, it, vi } from 'vitest';
import { toErrorResponse } from './http-error.js';
import { STATUS_BY_CODE } from './status-table.js';

describe('toErrorResponse', () => {
  it('answers a dependency that is unavailable with 503, Retry-After and the catalogue sentence, logged as unavailable', () => {
    const log = { unexpected: vi.fn(), unavailable: vi.fn() };
    const error = new AuthError('DATABASE_UNAVAILABLE', 'pool of db01.internal closed', undefined, { cause: new Error('ECONNREFUSED') });
    expect(toErrorResponse(error, log)).toEqual({
      status: 503,
      headers: { 'Retry-After': '5' },
      body: {
        statusCode: 503,
        message: ERROR_CATALOGUE.DATABASE_UNAVAILABLE.message,
        error: 'Service Unavailable',
        code: 'DATABASE_UNAVAILABLE',
      },
    });
    expect(log.unavailable).toHaveBeenCalledWith(error);
    expect(log.unexpected).not.toHaveBeenCalled();
  });

  it('answers a bug with the generic 500 and logs it as unexpected', () => {
    const log = { unexpected: vi.fn(), unavailable: vi.fn() };
    const bug = new TypeError("Cannot read properties of undefined (reading 'id')");
    expect(toErrorResponse(bug, log)).toEqual({
      status: 500,
      headers: {},
      body: { statusCode: 500, message: 'An unexpected error occurred.', error: 'Internal Server Error', code: 'INTERNAL_ERROR' },
    });
    expect(log.unexpected).toHaveBeenCalledWith(bug);
    expect(log.unavailable).not.toHaveBeenCalled();
  });

  it('never sends the message of an INVALID_CONFIG or other 500 code', () => {
    const { status, body } = toErrorResponse(new AuthError('INVALID_CONFIG', 'secret abc is too short'));
    expect(status).toBe(500);
    expect(body.message).toBe('An unexpected error occurred.');
  });

  it('keeps the headers an error carries and adds WWW-Authenticate on 401', () => {
    expect(toErrorResponse(new AuthError('BODY_TOO_LARGE', undefined, undefined, { headers: { Connection: 'close' } })).headers).toEqual({
      Connection: 'close',
    });
    expect(toErrorResponse(new AuthError('TOKEN_EXPIRED')).headers).toEqual({ 'WWW-Authenticate': 'Bearer' });
  });

  it('derives its status table from the catalogue, one status per code', () => {
    expect(Object.keys(STATUS_BY_CODE).sort()).toEqual(Object.keys(ERROR_CATALOGUE).sort());
    for (const [code, entry] of Object.entries(ERROR_CATALOGUE))
      expect(STATUS_BY_CODE[code as keyof typeof STATUS_BY_CODE]).toBe(entry.status);
  });
});
