import type { Clock } from '../ports/clock.js';
import type { BackgroundFailure } from './flow-context.js';

const MINUTE_MS = 60_000;

/** The error's class and code (`Error EAUTH`), never its message: an SMTP answer can quote an address. */
function kindOf(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? `${error.name} ${code}` : error.name;
}

/**
 * `createAuth`'s default `onBackgroundError`: a mail that fails in the background is otherwise
 * invisible, so say so on the console, once a minute for each kind of failure (operation and error
 * class), counting the repeats it held back.
 */
export function warnBackgroundFailures(
  clock: Clock,
  warn: (line: string) => void = (line) => console.warn(line),
): (failure: BackgroundFailure) => void {
  const lastWarned = new Map<string, number>();
  const heldBack = new Map<string, number>();
  return (failure) => {
    const kind = `${failure.operation} (${kindOf(failure.error)})`;
    const now = clock.now().getTime();
    const last = lastWarned.get(kind);
    if (last !== undefined && now - last < MINUTE_MS) {
      heldBack.set(kind, (heldBack.get(kind) ?? 0) + 1);
      return;
    }
    const repeats = heldBack.get(kind) ?? 0;
    lastWarned.set(kind, now);
    heldBack.delete(kind);
    const what =
      failure.operation === 'password-breach-check'
        ? 'the password breach check failed, so the password was accepted without it'
        : 'a mail could not be sent in the background';
    warn(
      `gatehouse: ${what}: ${kind}` +
        (repeats > 0 ? ` (and ${repeats} more since the last warning)` : '') +
        '. Pass onBackgroundError to createAuth to handle these yourself.',
    );
  };
}
