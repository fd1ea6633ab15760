import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { AuthError } from '@gatehousejs/core';
import { createLogger, errorLog } from './logger.js';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, log: createLogger(stream as never) };
}

describe('the example logger (pino)', () => {
  it('writes one JSON line with level, ISO time, message and fields', () => {
    const { lines, log } = capture();
    log.warn('port taken', { port: 1025 });
    expect(lines).toEqual([{ level: 'warn', time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), message: 'port taken', port: 1025 }]);
  });

  it('redacts passwords, tokens, codes and credential headers wherever a caller puts them', () => {
    const { lines, log } = capture();
    log.info('request', {
      password: 'hunter2 hunter2',
      refreshToken: 'eyJ.refresh',
      body: { token: 'one-time', code: 'exchange-code', email: 'a***@example.com' },
      req: { headers: { authorization: 'Bearer eyJ.access', cookie: 'sid=1', accept: 'application/json' } },
    });
    const text = JSON.stringify(lines[0]);
    for (const secret of ['hunter2', 'eyJ.refresh', 'one-time', 'exchange-code', 'eyJ.access', 'sid=1']) expect(text).not.toContain(secret);
    expect(lines[0]).toMatchObject({ body: { email: 'a***@example.com' }, req: { headers: { accept: 'application/json' } } });
  });

  it("puts the request's id on the error log's lines when it is given, and none otherwise", () => {
    const { lines, log } = capture();
    const logFor = (requestId?: string) => errorLog(log, requestId) as { unexpected(e: unknown): void; unavailable(e: AuthError): void };
    logFor('req-1').unexpected(new Error('boom'));
    logFor('req-2').unavailable(new AuthError('DATABASE_UNAVAILABLE'));
    logFor().unexpected(new Error('outside'));
    expect(lines.map((l) => [l.message, l.requestId])).toEqual([
      ['unexpected error', 'req-1'],
      ['database unavailable', 'req-2'],
      ['unexpected error', undefined],
    ]);
  });
});
