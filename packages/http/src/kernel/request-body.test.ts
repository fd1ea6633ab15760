import { describe, expect, it } from 'vitest';
import { memoryExchange } from './memory-exchange.js';
import { declaresBody, endEmptyBody, readRequestBody } from './request-body.js';

describe('declaresBody', () => {
  it('finds a body in HTTP/1.1 only with Content-Length or Transfer-Encoding (RFC 9112 §6.3)', () => {
    expect(declaresBody({})).toBe(false);
    expect(declaresBody({ 'content-length': '0' })).toBe(true);
    expect(declaresBody({ 'transfer-encoding': 'chunked' })).toBe(true);
  });

  it('may find one in any HTTP/2 request, which frames its body without either (RFC 9113 §8.1)', () => {
    expect(declaresBody({ ':method': 'POST' })).toBe(true);
  });
});

describe('endEmptyBody', () => {
  const request = (headers: Record<string, string>, readableEnded = false) => {
    const calls: string[] = [];
    return { calls, incoming: { headers, readableEnded, resume: () => calls.push('resume') } };
  };

  it('ends a request with nothing to read: none declared, or Content-Length: 0', () => {
    for (const headers of [{}, { 'content-length': '0' }] as Record<string, string>[]) {
      const { calls, incoming } = request(headers);
      endEmptyBody(incoming);
      expect(calls, JSON.stringify(headers)).toEqual(['resume']);
    }
  });

  it('leaves a body there is unread, and a request that has ended alone', () => {
    for (const { calls, incoming } of [
      request({ 'content-length': '12' }),
      request({ 'transfer-encoding': 'chunked' }),
      request({ ':method': 'POST' }),
      request({}, true),
    ]) {
      endEmptyBody(incoming);
      expect(calls).toEqual([]);
    }
  });
});

describe('readRequestBody', () => {
  const LIMIT = 16 * 1024;

  it('answers a request without a body at once, without a promise, and opens no stream for Content-Length: 0', () => {
    const declaredEmpty = memoryExchange({ method: 'POST', target: '/', headers: { 'content-length': '0' } });
    expect(readRequestBody(declaredEmpty, 'json', LIMIT)).toBeUndefined();
    expect(declaredEmpty.opened).toBe(0);
    expect(readRequestBody(memoryExchange({ method: 'POST', target: '/' }), 'json', LIMIT)).toBeUndefined();
    expect(readRequestBody(memoryExchange({ method: 'POST', target: '/' }), 'form', LIMIT)).toEqual(new URLSearchParams());
  });

  it('reads a body there is, under the JSON rules, as a promise', async () => {
    const json = readRequestBody(
      memoryExchange({ method: 'POST', target: '/', headers: { 'content-type': 'application/json' }, body: '{"a":1}' }),
      'json',
      LIMIT,
    );
    expect(json).toBeInstanceOf(Promise);
    await expect(json).resolves.toEqual({ a: 1 });
    const text = readRequestBody(
      memoryExchange({ method: 'POST', target: '/', headers: { 'content-type': 'text/plain' }, body: 'a' }),
      'json',
      LIMIT,
    );
    await expect(text).rejects.toMatchObject({ code: 'BODY_NOT_JSON' });
  });
});
