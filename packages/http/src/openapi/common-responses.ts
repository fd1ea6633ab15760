import type { DocumentedResponse } from './operations.js';
import { errorBody } from './response-schemas.js';

/** An error answer of an operation: the contract's error body, with what it means here. */
export const E = (description: string): DocumentedResponse => ({ description, schema: errorBody });

/** Answers any route may give (CONTRACT §2 and §8): the error body, always. */
export const ALWAYS = {
  500: E('Unexpected error; details only in the server log.'),
  503: E('A dependency (database, Redis, the hasher) is unavailable; `Retry-After` says when to try again.'),
};

/** Answers of a route that reads a JSON body. */
export const JSON_BODY = {
  400: E('Malformed JSON or failed validation (`details` per field).'),
  413: E('Body over the limit (16 KiB by default).'),
  415: E('A body that is not `application/json`.'),
};

/** The 403 of a route that needs a recent authentication (CONTRACT §9). */
export const RECENT = E(
  'The last full authentication is older than `REAUTH_MAX_AGE` (`REAUTHENTICATION_REQUIRED`), or the e-mail is not confirmed while required.',
);
