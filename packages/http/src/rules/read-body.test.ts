import { describe, expect, it } from 'vitest';
import { AuthError } from '@gatehousejs/core';
import { DEFAULT_BODY_LIMIT_BYTES } from './json-body.js';
import { BODY_DRAIN_LIMIT_BYTES, readBodyWithinLimit, type RequestBodySource } from './read-body.js';

/** The size of the chunks a body arrives in, as Node's socket reads deliver them. */
const CHUNK_BYTES = 16 * 1024;

/** A body in chunks of `chunkSize`, recording how many bytes were pulled and whether it was opened. */
function bodyOf(size: number, options: { declared?: boolean; chunkSize?: number } = {}) {
  const chunkSize = options.chunkSize ?? CHUNK_BYTES;
  const state = { opened: false, pulled: 0 };
  const source: RequestBodySource = {
    contentLength: options.declared === false ? null : String(size),
    open: () => {
      state.opened = true;
      return async () => {
        if (state.pulled >= size) return undefined;
        const chunk = new Uint8Array(Math.min(chunkSize, size - state.pulled)).fill(0x20);
        state.pulled += chunk.byteLength;
        return chunk;
      };
    },
  };
  return { source, state };
}

async function refusal(read: Promise<unknown>): Promise<AuthError> {
  const error = await read.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof AuthError)) throw new Error(`expected an AuthError, got ${String(error)}`);
  return error;
}

describe('readBodyWithinLimit (the size rules every adapter shares)', () => {
  it('returns the bytes of a body within the limit, counted as they arrive', async () => {
    const { source } = bodyOf(40_000, { declared: false, chunkSize: 7_000 });
    const bytes = await readBodyWithinLimit(source, 40_000);
    expect(bytes.byteLength).toBe(40_000);
    expect(bytes.every((b) => b === 0x20)).toBe(true);
  });

  it('gives no bytes for a request without a body', async () => {
    expect((await readBodyWithinLimit({ contentLength: undefined, open: () => null }, 10)).byteLength).toBe(0);
  });

  it('answers a declared empty body (Content-Length: 0, as fetch sends a POST without one) without opening it', async () => {
    const { source, state } = bodyOf(0);
    expect((await readBodyWithinLimit(source, 10)).byteLength).toBe(0);
    expect(state.opened).toBe(false);
  });

  it('reads an over-limit body of up to 1 MiB to its end, then refuses it with a plain 413', async () => {
    for (const declared of [true, false]) {
      const { source, state } = bodyOf(BODY_DRAIN_LIMIT_BYTES, { declared });
      const error = await refusal(readBodyWithinLimit(source, DEFAULT_BODY_LIMIT_BYTES));
      expect(error.status).toBe(413);
      expect(error.headers).toEqual({});
      expect(state.pulled).toBe(BODY_DRAIN_LIMIT_BYTES);
    }
  });

  it('refuses a declared length over 1 MiB with Connection: close, without opening the body', async () => {
    const { source, state } = bodyOf(BODY_DRAIN_LIMIT_BYTES + 1);
    const error = await refusal(readBodyWithinLimit(source, DEFAULT_BODY_LIMIT_BYTES));
    expect(error.status).toBe(413);
    expect(error.headers).toEqual({ Connection: 'close' });
    expect(state.opened).toBe(false);
  });

  it('stops reading an undeclared body once it passes 1 MiB, and answers with Connection: close', async () => {
    const { source, state } = bodyOf(20 * BODY_DRAIN_LIMIT_BYTES, { declared: false });
    const error = await refusal(readBodyWithinLimit(source, DEFAULT_BODY_LIMIT_BYTES));
    expect(error.headers).toEqual({ Connection: 'close' });
    expect(state.pulled).toBeLessThanOrEqual(BODY_DRAIN_LIMIT_BYTES + CHUNK_BYTES);
  });

  it('takes a limit above 1 MiB as the bound of what it reads', async () => {
    const limit = 2 * BODY_DRAIN_LIMIT_BYTES;
    expect((await readBodyWithinLimit(bodyOf(limit).source, limit)).byteLength).toBe(limit);
    const error = await refusal(readBodyWithinLimit(bodyOf(limit + 1).source, limit));
    expect(error.headers).toEqual({ Connection: 'close' });
  });

  it('answers 400 to a body whose stream fails', async () => {
    const source: RequestBodySource = { contentLength: '10', open: () => () => Promise.reject(new Error('socket reset')) };
    expect((await refusal(readBodyWithinLimit(source, 100))).status).toBe(400);
  });
});
