import { describe, expect, it } from 'vitest';
import { assertIdentityEncoding, methodTakesBody, parseJsonBody } from './json-body.js';
import { AuthError } from '@gatehousejs/core';

const bytes = (text: string) => new TextEncoder().encode(text);

function failure(run: () => unknown): { status: number; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof AuthError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('expected an AuthError');
}

describe('parseJsonBody (the body rules every adapter shares)', () => {
  it('parses text or UTF-8 bytes alike; the last of duplicate keys wins', () => {
    expect(parseJsonBody('application/json', '{"a":1,"a":2}')).toEqual({ a: 2 });
    expect(parseJsonBody('application/json; charset=utf-8', bytes('{"name":"Zoë"}'))).toEqual({ name: 'Zoë' });
    expect(parseJsonBody('application/problem+json; charset="UTF8"', bytes('[1]'))).toEqual([1]);
  });

  it('gives undefined for an empty body, whatever the content type', () => {
    expect(parseJsonBody(undefined, '')).toBeUndefined();
    expect(parseJsonBody('text/plain', new Uint8Array(0))).toBeUndefined();
  });

  it('refuses a non-JSON media type and a charset other than UTF-8 with 415', () => {
    expect(failure(() => parseJsonBody('text/plain', '{}')).status).toBe(415);
    expect(failure(() => parseJsonBody(undefined, '{}')).status).toBe(415);
    expect(failure(() => parseJsonBody('application/json; charset=latin1', '{}'))).toEqual({
      status: 415,
      message: 'The request body must be UTF-8 encoded JSON.',
    });
  });

  it('refuses malformed JSON and bytes that are not UTF-8 with 400', () => {
    expect(failure(() => parseJsonBody('application/json', '{"a":'))).toEqual({
      status: 400,
      message: 'The request body is not valid JSON.',
    });
    expect(failure(() => parseJsonBody('application/json', Uint8Array.from([0x22, 0xff, 0x22]))).status).toBe(400);
  });
});

describe('assertIdentityEncoding', () => {
  it('lets an absent or identity coding through and refuses any compression with 415', () => {
    expect(() => assertIdentityEncoding(undefined)).not.toThrow();
    expect(() => assertIdentityEncoding(' Identity ')).not.toThrow();
    for (const coding of ['gzip', 'br', 'deflate', 'gzip, identity']) {
      expect(failure(() => assertIdentityEncoding(coding)).status, coding).toBe(415);
    }
  });
});

describe('methodTakesBody', () => {
  it('is false only for GET and HEAD', () => {
    expect(['GET', 'head'].map(methodTakesBody)).toEqual([false, false]);
    expect(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].map(methodTakesBody)).toEqual([true, true, true, true, true]);
  });
});
