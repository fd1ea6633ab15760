import { DEFAULT_BODY_LIMIT_BYTES, HttpError, parseJsonBody } from '@gatehouse/http';
import express, { type RequestHandler } from 'express';

interface BodyParserError {
  type?: string;
  status?: number;
}

const PARSER_ERRORS: Record<string, HttpError> = {
  'entity.too.large': new HttpError(413, 'The request body is too large.'),
  'encoding.unsupported': new HttpError(415, 'The request body encoding is not supported.'),
  'charset.unsupported': new HttpError(415, 'The request body charset is not supported.'),
};

/**
 * Reads the raw body with Express's own limit handling, then applies the shared JSON rules of
 * `@gatehouse/http` (415 for non-JSON, 400 for malformed JSON), so every adapter behaves alike.
 */
export function jsonBody(limitBytes = DEFAULT_BODY_LIMIT_BYTES): RequestHandler {
  const readRaw = express.text({ type: () => true, limit: limitBytes, defaultCharset: 'utf-8' });
  return (req, res, next) => {
    readRaw(req, res, (error?: unknown) => {
      if (error) {
        const known = PARSER_ERRORS[(error as BodyParserError).type ?? ''];
        return next(known ?? new HttpError(400, 'The request body could not be read.'));
      }
      try {
        const text = typeof req.body === 'string' ? req.body : '';
        req.body = parseJsonBody(req.headers['content-type'], text);
        next();
      } catch (parseError) {
        next(parseError);
      }
    });
  };
}
