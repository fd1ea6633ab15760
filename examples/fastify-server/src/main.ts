import { fileURLToPath } from 'node:url';
import { runFromEnvironment } from '@gatehousejs/example-server-kit';
import { fastifyListener } from './app.js';

// `pnpm start:fastify`: the example service on Fastify 5, configured from the environment (CONTRACT §7).
await runFromEnvironment(fastifyListener, {
  databaseFile: fileURLToPath(new URL('../data/gatehouse.db', import.meta.url)),
});
