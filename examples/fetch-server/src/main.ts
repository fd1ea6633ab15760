import { fileURLToPath } from 'node:url';
import { runFromEnvironment } from '@gatehousejs/example-server-kit';
import { createHandler } from './app.js';
import { nodeListener } from './node-listener.js';

// `pnpm start:fetch`: the example service on the web-standard handler (on Node), configured from the environment (CONTRACT §7).
await runFromEnvironment((parts) => nodeListener(createHandler(parts)), {
  databaseFile: fileURLToPath(new URL('../data/gatehouse.db', import.meta.url)),
});
