import { AuthError } from '@gatehousejs/core';
import { z } from 'zod';

/** How Gatehouse talks to a database server (PostgreSQL, MySQL, MariaDB); SQLite is a local file. */
export interface SqlConnectionOptions {
  /**
   * Connections this process keeps at most (default 10). Every instance has its own pool: keep
   * instances × `poolSize` below the server's limit (`max_connections`), with room for migrations
   * and admin sessions.
   */
  poolSize?: number;
  /** Milliseconds to wait for a connection, from the pool or a new one (default 5000). */
  connectTimeoutMs?: number;
  /** Milliseconds one statement may take before the request gets 503 (default 5000). */
  queryTimeoutMs?: number;
  /**
   * Milliseconds after which the server itself cancels a statement (PostgreSQL `statement_timeout`,
   * MariaDB `max_statement_time`); 0 leaves the server's own setting. Default: 90 % of
   * `queryTimeoutMs`, so a slow server answers "cancelled" (the transaction is rolled back and the
   * connection stays usable) before the client gives up on a statement whose outcome it could not
   * know. The client timeout stays for a server that answers nothing at all (frozen, cut off).
   */
  serverStatementTimeoutMs?: number;
  /**
   * Told about errors of connections nobody is using (the server restarted, the network dropped).
   * Without a listener such an error would end the process; the pool drops the connection and the
   * next request opens a new one. Default: ignored.
   */
  onConnectionError?: (error: Error) => void;
}

export type ParsedSqlConnectionOptions = Required<SqlConnectionOptions>;

/** The server-side statement timeout to ask for: the setting, or 90 % of the client's. */
function withServerTimeout(
  options: Omit<ParsedSqlConnectionOptions, 'serverStatementTimeoutMs'> & { serverStatementTimeoutMs?: number },
): ParsedSqlConnectionOptions {
  return {
    ...options,
    serverStatementTimeoutMs: options.serverStatementTimeoutMs ?? Math.max(1, Math.floor(options.queryTimeoutMs * 0.9)),
  };
}

const whole = (min: number, max: number) => {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.number(message).int(message).min(min, message).max(max, message);
};

const schema = z.strictObject({
  poolSize: whole(1, 1000).default(10),
  connectTimeoutMs: whole(1, 600_000).default(5_000),
  queryTimeoutMs: whole(1, 3_600_000).default(5_000),
  serverStatementTimeoutMs: whole(0, 3_600_000).optional(),
  onConnectionError: z.custom<(error: Error) => void>((f) => typeof f === 'function', 'must be a function').default(() => () => {}),
});

/**
 * Checks the connection options once, at start: a wrong one throws `INVALID_CONFIG` naming it.
 *
 * @example
 * parseSqlConnectionOptions({ poolSize: 20 }); // { poolSize: 20, connectTimeoutMs: 5000, … }
 */
export function parseSqlConnectionOptions(options: SqlConnectionOptions = {}): ParsedSqlConnectionOptions {
  const result = schema.safeParse(options);
  if (result.success) return withServerTimeout(result.data);
  const details = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const summary = details.map((d) => `${d.path} ${d.message}`).join('; ');
  throw new AuthError('INVALID_CONFIG', `Invalid SQL connection options: ${summary}`, details);
}
