/** The part of a Fastify instance that decides who reads request bodies. */
interface ContentTypeParsers {
  removeAllContentTypeParsers(): void;
  addContentTypeParser(
    type: string,
    parser: (request: unknown, payload: unknown, done: (error: null, body?: undefined) => void) => void,
  ): void;
}

const hasParsers = (instance: unknown): instance is ContentTypeParsers =>
  typeof (instance as Partial<ContentTypeParsers> | null)?.removeAllContentTypeParsers === 'function';

/**
 * On Fastify, leaves every request body unread for the guard, which reads it under the contract's
 * rules (413 counted, 415 not JSON, 400 malformed) after the token: Fastify's own parsers would
 * answer first, in their own words, and read an anonymous caller's body on a protected route. A
 * parser of another content type the app registers later (multipart, say) is its own.
 */
export function leaveBodiesToGatehouse(instance: unknown): void {
  if (!hasParsers(instance)) return;
  instance.removeAllContentTypeParsers();
  instance.addContentTypeParser('*', (_request, _payload, done) => done(null));
}
