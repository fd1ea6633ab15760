import { ConfigurationError, readServerSettings, type ServerDefaults } from './env-config.js';
import { consoleLogger, describeError } from './logger.js';
import { startServer, type CreateListener } from './start-server.js';

/**
 * The body of each example's `main.ts`: read the environment (CONTRACT §7), start, and close the
 * HTTP server, then the mail catcher and the store's pool, on SIGTERM or SIGINT.
 */
export async function runFromEnvironment(createListener: CreateListener, defaults: ServerDefaults): Promise<void> {
  let settings;
  try {
    settings = readServerSettings(process.env, defaults);
  } catch (error) {
    if (error instanceof ConfigurationError) {
      consoleLogger.error(`cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const running = await startServer(settings, createListener);
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
