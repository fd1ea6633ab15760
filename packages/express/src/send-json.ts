import type { Response } from 'express';

/**
 * Answers with `body` as JSON, with the headers Express's `res.json()` would send
 * (`application/json; charset=utf-8` and the length), written on Node's response directly. The
 * route tables answer every request through here: `res.status().json()` also parses and rebuilds
 * the Content-Type to add its charset, looks up the app's JSON settings and hashes the body for an
 * ETag (on by default) that `Cache-Control: no-store` answers never use. No `json spaces` or
 * `json replacer` of the app applies to the library's answers.
 */
export function sendJson(res: Response, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}
