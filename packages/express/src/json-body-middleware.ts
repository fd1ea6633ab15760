import { assertIdentityEncoding, bodyError, DEFAULT_BODY_LIMIT_BYTES, methodTakesBody, parseJsonBody, type BodyFailure } from '@gatehouse/http';
import express, { type RequestHandler } from 'express';
import { headerValue } from './header-value.js';

// body-parser's error `type`s, translated to the shared reasons of @gatehouse/http.
const PARSER_FAILURES: Readonly<Record<string, BodyFailure>> = Object.freeze({
  'entity.too.large': 'too-large',
  'encoding.unsupported': 'compressed',
});

/**
 * Reads the raw bytes with Express's own limit handling, then applies the shared JSON rules of
 * `@gatehouse/http` (415 for non-JSON or compressed bodies, 400 for malformed JSON), so every
 * adapter behaves alike. GET and HEAD bodies are not read.
 */
export function jsonBody(limitBytes = DEFAULT_BODY_LIMIT_BYTES): RequestHandler {
  const readRaw = express.raw({ type: () => true, limit: limitBytes, inflate: false });
  return (req, res, next) => {
    if (!methodTakesBody(req.method)) {
      req.body = undefined;
      return next();
    }
    try {
      assertIdentityEncoding(headerValue(req, 'content-encoding'));
    } catch (error) {
      return next(error);
    }
    readRaw(req, res, (error?: unknown) => {
      if (error) {
        const failure = PARSER_FAILURES[(error as { type?: string }).type ?? ''] ?? 'unreadable';
        return next(bodyError(failure));
      }
      try {
        const bytes: Uint8Array = Buffer.isBuffer(req.body) ? req.body : new Uint8Array(0);
        req.body = parseJsonBody(headerValue(req, 'content-type'), bytes);
        next();
      } catch (parseError) {
        next(parseError);
      }
    });
  };
}
