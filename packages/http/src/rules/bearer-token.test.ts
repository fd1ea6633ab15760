import { describe, expect, it } from 'vitest';
import { readBearerToken } from './bearer-token.js';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1MSJ9.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';

describe('readBearerToken', () => {
  it('reads the token of a bearer header, whatever the case of the scheme and the spaces around it', () => {
    for (const header of [`Bearer ${TOKEN}`, `bearer ${TOKEN}`, `BEARER  ${TOKEN} `]) expect(readBearerToken(header)).toBe(TOKEN);
  });

  it('says TOKEN_MISSING without a header and AUTHORIZATION_MALFORMED for anything but one bearer token', () => {
    expect(() => readBearerToken(undefined)).toThrow(expect.objectContaining({ code: 'TOKEN_MISSING' }));
    for (const header of ['   ', '']) expect(() => readBearerToken(header)).toThrow(expect.objectContaining({ code: 'TOKEN_MISSING' }));
    for (const header of [
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN}, Bearer ${TOKEN}`,
      `Bearer ${TOKEN},Bearer ${TOKEN}`,
      `Bearer${TOKEN}`,
      `Bearer\t${TOKEN}`,
      `Bearer ${TOKEN} extra`,
      'Bearer',
      'Bearer   ',
    ]) {
      expect(() => readBearerToken(header)).toThrow(expect.objectContaining({ code: 'AUTHORIZATION_MALFORMED' }));
    }
  });

  it("leaves the token's characters to the token service, which answers TOKEN_INVALID (RFC 6750 §3.1)", () => {
    expect(readBearerToken('Bearer not!a"token')).toBe('not!a"token');
  });
});
