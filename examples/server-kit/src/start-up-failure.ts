import { isUnavailable } from '@gatehousejs/core';
import { ConfigurationError } from './env-config.js';

/** Codes that mean "the server is not there or will not let us in", not "the server misbehaved". */
const UNREACHABLE_CODES = new Set([
  // Node sockets and DNS.
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // PostgreSQL: no such database; wrong user or password (SQLSTATE class 28).
  '3D000',
  '28000',
  '28P01',
  // MySQL / MariaDB: wrong user or password, no such database, no rights on it.
  'ER_ACCESS_DENIED_ERROR',
  'ER_BAD_DB_ERROR',
  'ER_DBACCESS_DENIED_ERROR',
  // SQLite: the file cannot be opened or created.
  'SQLITE_CANTOPEN',
]);

/** The error and its `cause`s, outermost first. */
function chain(error: unknown): unknown[] {
  const errors: unknown[] = [];
  for (let current = error; current !== undefined && errors.length < 10; current = (current as { cause?: unknown }).cause) {
    errors.push(current);
    if (!(current instanceof Error)) break;
  }
  return errors;
}

const codeOf = (error: unknown) => (error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined);

/** Some socket errors (an AggregateError over IPv4 and IPv6) have an empty message but a code. */
const textOf = (error: unknown) => (error instanceof Error ? error.message || codeOf(error) || error.name : String(error));

/** Replaces the password of `url`, should a driver's message ever quote it. */
function withoutPassword(text: string, url: string): string {
  let password = '';
  try {
    password = new URL(url).password;
  } catch {
    return text;
  }
  if (password === '') return text;
  let decoded = password;
  try {
    decoded = decodeURIComponent(password);
  } catch {
    // A malformed escape: only the raw form can appear.
  }
  return text.replaceAll(password, '***').replaceAll(decoded, '***');
}

/** True when some error in the chain says the server could not be reached, refused us, or did not answer in time. */
export function isUnreachable(error: unknown): boolean {
  return chain(error).some((e) => UNREACHABLE_CODES.has(codeOf(e) ?? '') || isUnavailable(e));
}

/**
 * A failure to open what `variable` (`DATABASE_URL`, `REDIS_URL`) points at, as a one-line
 * `ConfigurationError`: the driver's reason (the innermost one when the server was unreachable),
 * never the URL and never its password.
 */
export function connectionFailure(variable: string, url: string, error: unknown, what = 'database'): ConfigurationError {
  const errors = chain(error);
  if (isUnreachable(error)) {
    // The driver's own words (`connect ECONNREFUSED …`, `… did not answer within 5000 ms`), not the 503's sentence.
    const innermost = errors.findLast((e) => UNREACHABLE_CODES.has(codeOf(e) ?? '')) ?? errors[errors.length - 1] ?? error;
    return new ConfigurationError(`cannot reach the ${what} of ${variable} (${withoutPassword(textOf(innermost), url)})`, { cause: error });
  }
  return new ConfigurationError(`cannot open the ${what} of ${variable} (${withoutPassword(textOf(error), url)})`, { cause: error });
}

/** Why `server.listen` failed, naming PORT and HOST; undefined for an error it does not know. */
export function listenFailure(error: unknown, host: string, port: number): ConfigurationError | undefined {
  switch (codeOf(error)) {
    case 'EADDRINUSE':
      return new ConfigurationError(`PORT ${port} on ${host} is already in use; stop the other server or choose another PORT.`);
    case 'EACCES':
      return new ConfigurationError(`PORT ${port} on ${host} needs privileges this process lacks; choose a PORT above 1023.`);
    case 'EADDRNOTAVAIL':
      return new ConfigurationError(`HOST ${host} is not an address of this machine.`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new ConfigurationError(`HOST ${host} cannot be resolved.`);
    default:
      return undefined;
  }
}
