import { fileURLToPath } from 'node:url';
import { runFromEnvironment } from '@gatehousejs/example-server-kit';
import { createApp } from './app.js';
import { nodeListener } from './node-listener.js';

// `pnpm start:hono`: the example service on Hono (Node), configured from the environment (CONTRACT §7).
await runFromEnvironment((parts) => nodeListener(createApp(parts)), {
  databaseFile: fileURLToPath(new URL('../data/gatehouse.db', import.meta.url)),
});
