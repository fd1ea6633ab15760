import { AuthError, isAuthError } from '@gatehousejs/core';

/** Socket, DNS and driver codes that mean "the database is not there now", not "the query is wrong". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // mysql2
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  // MariaDB's max_statement_time cancelled the statement (errno 1969).
  'ER_STATEMENT_TIMEOUT',
  // better-sqlite3: another process holds the lock past busy_timeout.
  'SQLITE_BUSY',
]);

/**
 * What pg and mysql2 say, without a code, when a connection died or the pool is gone (a request
 * that arrives during shutdown meets a closed pool: that is a 503 too, not a bug).
 */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|Query read timeout|timeout exceeded when trying to connect|Cannot use a pool after calling end|Client has encountered a connection error|Client was closed|Pool is closed|closed state|Connection lost|driver has already been destroyed|database connection is not open/i;

function looksUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, fatal } = error as { code?: unknown; fatal?: unknown };
  if (typeof code === 'string') {
    if (UNAVAILABLE_CODES.has(code)) return true;
    // PostgreSQL SQLSTATE: 08 connection exception, 53 insufficient resources (too many
    // connections, disk full), 57P01-57P03 the server shutting down or starting, 57014 a statement
    // cancelled by a timeout.
    if (/^(08|53)[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code) || code === '57014') return true;
  }
  if ((error as { errno?: unknown }).errno === 1969) return true;
  // mysql2 marks errors after which the connection cannot be used.
  if (fatal === true) return true;
  if (UNAVAILABLE_MESSAGES.test(error.message)) return true;
  // An AggregateError (IPv4 and IPv6 both refused) carries its reasons inside.
  return error instanceof AggregateError && error.errors.some(looksUnavailable);
}

/**
 * `error` as `DATABASE_UNAVAILABLE` when it says the database cannot be reached or used now (or
 * `always`), with the driver's error kept as `cause` for the log; otherwise unchanged, so a real
 * bug stays a 500 and a unique violation reaches its mapping.
 *
 * @example
 * catch (error) { throw asDatabaseUnavailable(error); }
 */
export function asDatabaseUnavailable(error: unknown, always = false): unknown {
  if (isAuthError(error)) return error;
  if (!always && !looksUnavailable(error)) return error;
  return new AuthError('DATABASE_UNAVAILABLE', undefined, undefined, { cause: error });
}

/** A query or connection that took longer than its timeout: the cause of a `DATABASE_UNAVAILABLE`. */
export class DatabaseTimeoutError extends Error {
  override readonly name = 'DatabaseTimeoutError';
  constructor(what: string, ms: number) {
    super(`${what} did not answer within ${ms} ms`);
  }
}
