/** Structured one-line JSON logs. Callers pass no secrets, tokens or full e-mail addresses. */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

function line(level: string, message: string, fields?: Record<string, unknown>): string {
  return JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });
}

export const consoleLogger: Logger = {
  info: (m, f) => console.log(line('info', m, f)),
  warn: (m, f) => console.warn(line('warn', m, f)),
  error: (m, f) => console.error(line('error', m, f)),
};

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

/** `ada@example.com` → `a***@example.com`: enough to tell accounts apart in a log, no more. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** What an unexpected error may show in a log: its kind and stack, never request data. */
export function describeError(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { errorName: error.name, errorMessage: error.message, stack: error.stack };
  return { error: String(error) };
}
