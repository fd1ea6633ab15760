import { assertIdentityEncoding, parseJsonBody } from '@gatehousejs/http/adapter';
import type { FastifyInstance } from 'fastify';

/**
 * Replaces Fastify's JSON parser, for every route of the app, with the contract's JSON rules, as
 * the other adapters apply them to the routes behind their guard: 413 over `limitBytes`
 * (Fastify's own limit check, answered as the contract's), 415 for a compressed body or one not in
 * UTF-8, 400 for malformed JSON, and an empty body is no body (`request.body` undefined) rather
 * than Fastify's 400. The guard runs before it (`onRequest`): an anonymous caller's body is never read.
 */
export function useContractJsonParser(fastify: FastifyInstance, limitBytes: number): void {
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: limitBytes }, (request, body, done) => {
    try {
      assertIdentityEncoding(request.headers['content-encoding']);
      done(null, parseJsonBody(request.headers['content-type'], body as Buffer));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
