import type { AuthError } from '@gatehousejs/core';
import type { ErrorLog } from '@gatehousejs/http';
import pino, { type DestinationStream, type Logger as PinoLogger } from 'pino';

/** Structured one-line JSON logs. Callers pass no secrets, tokens or full e-mail addresses. */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/**
 * The one list of what never reaches a log, whatever a caller passes: credentials in headers, and
 * passwords, tokens and codes in bodies or fields, at the top level or one level down. pino
 * replaces each with "[redacted]".
 */
export const REDACTED_FIELDS: readonly string[] = [
  'password',
  'confirmPassword',
  'currentPassword',
  'token',
  'accessToken',
  'refreshToken',
  'code',
  'secret',
  'authorization',
  'cookie',
  'set-cookie',
].flatMap((field) => [field, `*.${field}`, `*.headers.${field}`, `*.*.${field}`]);

/**
 * A pino logger writing one JSON line per call: `{ level, time, message, …fields }`. A line about
 * a request carries its id as the field `requestId`, passed by the caller (audit events and
 * background failures get it from core, the error log from `errorLog(log, requestId)`).
 */
export function createLogger(destination?: DestinationStream, level: pino.Level = 'info'): Logger {
  const logger: PinoLogger = pino(
    {
      level,
      base: undefined,
      messageKey: 'message',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: [...REDACTED_FIELDS], censor: '[redacted]' },
    },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
  return {
    info: (message, fields) => logger.info(fields ?? {}, message),
    warn: (message, fields) => logger.warn(fields ?? {}, message),
    error: (message, fields) => logger.error(fields ?? {}, message),
  };
}

/** Lines go out through `console`, synchronously, so nothing is lost when the process exits right after. */
const consoleLine = (write: (line: string) => void): DestinationStream => ({ write: (line: string) => write(line.trimEnd()) });

/**
 * The example's log: pino, errors to standard error and everything else to standard output (each
 * line to one of them only).
 */
export const consoleLogger: Logger = createLogger(
  pino.multistream(
    [
      { level: 'trace', stream: consoleLine((line) => console.log(line)) },
      { level: 'error', stream: consoleLine((line) => console.error(line)) },
    ],
    { dedupe: true },
  ),
);

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

/** What an unexpected error may show in a log: its kind and stack, never request data. */
export function describeError(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { errorName: error.name, errorMessage: error.message, stack: error.stack };
  return { error: String(error) };
}

/** The innermost reason of an error chain, as one line (a driver's `connect ECONNREFUSED …`). */
function reasonOf(error: Error): string {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error && current.cause !== undefined; depth++) current = current.cause;
  const text = current instanceof Error ? current.message || (current as NodeJS.ErrnoException).code || current.name : String(current);
  return text.split('\n')[0]!;
}

/**
 * How the example's error handlers log what they answer with a 5xx: a bug with its stack; a
 * dependency that is unavailable (the 503s) as one line naming it and the reason, without a stack,
 * so an outage does not bury the log in stack traces. With `requestId`, both carry it.
 */
export function errorLog(log: Logger, requestId?: string): ErrorLog {
  const request = requestId === undefined ? {} : { requestId };
  return {
    unexpected: (error) => log.error('unexpected error', { ...request, ...describeError(error) }),
    unavailable: (error: AuthError) =>
      log.warn(`${error.dependency ?? 'dependency'} unavailable`, { ...request, errorCode: error.code, reason: reasonOf(error) }),
  };
}
