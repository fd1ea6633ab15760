import { ConfigurationError, readServerSettings, type ServerDefaults, type ServerSettings } from './env-config.js';
import { consoleLogger, describeError, type Logger } from './logger.js';
import { startServer, type CreateListener, type RunningServer } from './start-server.js';

/**
 * The one line printed when the server cannot start for a reason the operator can fix (a bad
 * setting, an unreachable database, a busy port); undefined for anything else, which is a bug and
 * keeps its stack.
 */
export function startUpFailureMessage(error: unknown): string | undefined {
  return error instanceof ConfigurationError ? `cannot start: ${error.message}` : undefined;
}

/**
 * The process's policy for errors nobody caught (docs/deployment.md, "Failure behaviour"):
 * - an unhandled promise rejection is a bug in a path that nobody awaits: it is logged with its
 *   stack and the server goes on serving (dependency failures never get here: they are answered
 *   503 where they happen, and every pool and client has an 'error' listener);
 * - an uncaught exception leaves the process in a state nobody can vouch for: it is logged with its
 *   stack, the server shuts down gracefully within the deadline, and the process exits with 1 for
 *   its supervisor to start a fresh one.
 */
function installCrashPolicy(log: Logger, shutdown: (reason: string, exitCode: number) => void): void {
  process.on('unhandledRejection', (reason) => log.error('unhandled promise rejection', describeError(reason)));
  process.on('uncaughtException', (error) => {
    log.error('uncaught exception: shutting down', describeError(error));
    shutdown('uncaughtException', 1);
  });
}

/**
 * The body of each example's `main.ts`: read the environment (CONTRACT §7), start, and on SIGTERM
 * or SIGINT shut down gracefully (see `RunningServer.close`) within `SHUTDOWN_TIMEOUT`: exit 0 when
 * everything closed in time; past the deadline, one log line and exit 1. A start-up failure the
 * operator can fix prints `cannot start: …` and exits with 1.
 */
export async function runFromEnvironment(createListener: CreateListener, defaults: ServerDefaults): Promise<void> {
  let running: RunningServer;
  let settings: ServerSettings;
  try {
    settings = readServerSettings(process.env, defaults);
    running = await startServer(settings, createListener);
  } catch (error) {
    const message = startUpFailureMessage(error);
    if (message === undefined) throw error;
    consoleLogger.error(message);
    process.exit(1);
    return;
  }
  const deadlineMs = settings.operations.shutdownTimeoutMs;
  let stopping = false;
  const shutdown = (reason: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    consoleLogger.info('shutting down', { reason, deadlineMs });
    setTimeout(() => {
      consoleLogger.error('shutdown deadline passed: exiting with requests still open', { deadlineMs, inFlight: running.inFlight() });
      process.exit(1);
    }, deadlineMs).unref();
    running.close().then(
      () => {
        consoleLogger.info('shut down', { reason });
        process.exit(exitCode);
      },
      (error: unknown) => {
        consoleLogger.error('shutdown failed', describeError(error));
        process.exit(1);
      },
    );
  };
  installCrashPolicy(consoleLogger, shutdown);
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}
