import type { Request } from 'express';

/**
 * A request header as the Fetch API sees it: repeated headers joined with ", ". Node keeps only the
 * first `Authorization` or `Content-Type` in `req.headers`; web-standard runtimes join them. Reading
 * the joined value makes two `Authorization` headers a malformed credential on every adapter,
 * instead of "the first one wins" here and "refused" there.
 */
export function headerValue(req: Request, name: string): string | undefined {
  return req.headersDistinct[name]?.join(', ');
}
