import { readRawHeader } from '@gatehousejs/http';
import type { Request } from 'express';

/**
 * A request header as the Fetch API sees it: repeated headers joined with ", " (see
 * `readRawHeader`), so two `Authorization` headers are a malformed credential on every adapter.
 */
export function headerValue(req: Request, name: string): string | undefined {
  return readRawHeader(req.rawHeaders, name);
}
