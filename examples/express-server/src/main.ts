import { fileURLToPath } from 'node:url';
import { runFromEnvironment } from '@gatehousejs/example-server-kit';
import { createApp } from './app.js';

// `pnpm start`: the example service on Express, configured from the environment (CONTRACT §7).
await runFromEnvironment((parts) => createApp(parts), {
  databaseFile: fileURLToPath(new URL('../data/gatehouse.db', import.meta.url)),
});
