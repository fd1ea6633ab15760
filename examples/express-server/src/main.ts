import { ConfigurationError, readServerSettings } from './env-config.js';
import { consoleLogger, describeError } from './logger.js';
import { startServer } from './start-server.js';

/** `pnpm start`: the example service configured from the environment (CONTRACT §7). */
async function main(): Promise<void> {
  let settings;
  try {
    settings = readServerSettings(process.env);
  } catch (error) {
    if (error instanceof ConfigurationError) {
      consoleLogger.error(`cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const running = await startServer(settings);
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

main().catch((error: unknown) => {
  consoleLogger.error('cannot start', describeError(error));
  process.exit(1);
});
