import { ConfigurationError, readServerSettings, type ServerDefaults } from './env-config.js';
import { consoleLogger, describeError } from './logger.js';
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
 * The body of each example's `main.ts`: read the environment (CONTRACT §7), start, and close the
 * HTTP server, then the mail catcher and the store's pool, on SIGTERM or SIGINT. A start-up failure
 * the operator can fix prints `cannot start: …` and exits with 1.
 */
export async function runFromEnvironment(createListener: CreateListener, defaults: ServerDefaults): Promise<void> {
  let running: RunningServer;
  try {
    running = await startServer(readServerSettings(process.env, defaults), createListener);
  } catch (error) {
    const message = startUpFailureMessage(error);
    if (message === undefined) throw error;
    consoleLogger.error(message);
    process.exit(1);
    return;
  }
  const shutdown = (signal: string) => {
    consoleLogger.info('shutting down', { signal });
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        consoleLogger.error('shutdown failed', describeError(error));
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}
